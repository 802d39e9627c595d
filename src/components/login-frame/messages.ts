/**
 * docs/product.md#login frame messages, exactly: `{ type: 'reload', cookie }`, `{ type: 'close' }`,
 * `{ type: 'opennew', url }`. Anything else, or anything not from the login frame itself, is
 * ignored by the caller.
 */
export type FrameMessage = { type: 'reload'; cookie: string } | { type: 'close' } | { type: 'opennew'; url: string }

const COOKIE = /^[A-Za-z0-9._-]{1,300}$/

export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  const message = data as Record<string, unknown>
  if (message.type === 'close') return { type: 'close' }
  if (message.type === 'reload') return typeof message.cookie === 'string' && COOKIE.test(message.cookie) ? { type: 'reload', cookie: message.cookie } : null
  if (message.type === 'opennew') return typeof message.url === 'string' && message.url.length <= 2000 ? { type: 'opennew', url: message.url } : null
  return null
}

/**
 * Where `opennew` goes: its URL with every `##` replaced by the current page address (encoded, as
 * it stands in a query). Only http(s) addresses are followed; null for anything else
 * (`javascript:`, `data:`...).
 */
export function openNewTarget(url: string, currentHref: string): string | null {
  const replaced = url.split('##').join(encodeURIComponent(currentHref))
  try {
    const target = new URL(replaced, currentHref)
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null
  } catch {
    return null
  }
}

/** A message counts only when it comes from the login origin and from the frame this page opened. */
export function isFromLoginFrame(event: Pick<MessageEvent, 'origin' | 'source'>, loginOrigin: string, frame: Window | null | undefined): boolean {
  return Boolean(frame) && event.source === frame && event.origin === loginOrigin
}
