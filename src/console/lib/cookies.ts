/** A cookie of the page request on the server, or of the document in the browser (where requests carry none). */
export function readRequestCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? (typeof document === 'undefined' ? '' : document.cookie)
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}
