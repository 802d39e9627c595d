/** The console's addresses (docs/product.md#console-where); the set-up page's is `consoleSetupPath` in the access rules. */
export const CONSOLE_HOME = '/console'
export const SIGN_IN_PATH = '/console/sign-in'
/** The door's screen (docs/product.md#checkin); its service worker's scope too. */
export const CHECKIN_PATH = '/console/checkin'

/** Pages a visitor without a staff session may open: sign-in and the set-up link. */
export function isOpenPath(pathname: string): boolean {
  return pathname === SIGN_IN_PATH || pathname.startsWith('/console/setup/')
}

/** Sign-in, remembering where the member was (not when that is the home page anyway). */
export function signInPathFrom(url: URL): string {
  const here = `${url.pathname}${url.search}`
  return here === CONSOLE_HOME ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(here)}`
}

/**
 * Where to go after sign-in: only a console page of this site. Anything else (another origin, a
 * protocol-relative `//host`, a backslash trick, a public page) goes home, so the sign-in page can
 * never be used to send someone elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return CONSOLE_HOME
  const url = new URL(next, 'http://console.invalid')
  if (url.origin !== 'http://console.invalid') return CONSOLE_HOME
  if (url.pathname !== CONSOLE_HOME && !url.pathname.startsWith(`${CONSOLE_HOME}/`)) return CONSOLE_HOME
  if (url.pathname === SIGN_IN_PATH) return CONSOLE_HOME
  return `${url.pathname}${url.search}`
}
