/**
 * The console's calls carry the page's Origin and the platform accepts only PUBLIC_ORIGIN's (its
 * CSRF check, docs/product.md#console). Opened at another address (an IP, a second host name) every
 * call would be refused: null when the page is where it must be, else the origin to open it at.
 */
export function misplacedOrigin(pageOrigin: string, publicOrigin: string): string | null {
  let expected: string
  try {
    expected = new URL(publicOrigin).origin
  } catch {
    return null
  }
  return pageOrigin === expected ? null : expected
}
