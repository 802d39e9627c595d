import { normalisePhone } from './phone.ts'

export type ChatService = 'telegram' | 'whatsapp' | 'wechat' | 'line' | 'x'
export const CHAT_SERVICES: readonly ChatService[] = ['telegram', 'whatsapp', 'wechat', 'line', 'x']

export type ChatResult =
  | {
      ok: true
      /** The service named by a link or label; null for "@name" or a bare name (it may be on any of them). */
      service: ChatService | null
      /** The key: the name without "@", case-folded (WhatsApp: the number in E.164). */
      key: string
      /** As it is written for people: "@AurumExpo", "+65 8123 4567", "AurumExpo2019". */
      display: string
    }
  | { ok: false }

/** Letters of any script, digits, "_", "." and "-": what usernames are made of (and look-alikes of them). */
const NAME = '[\\p{L}\\p{N}_.\\-]{1,64}'
const HANDLE = new RegExp(`^@(${NAME})$`, 'u')
const BARE = new RegExp(`^(\\p{L}${NAME.replace('{1,64}', '{0,63}')})$`, 'u')

/** "Telegram: @x", "WeChat ID：x", "微信号：x": a label naming the service before the account. */
const LABELS: Array<[ChatService, RegExp]> = [
  ['telegram', /^(?:telegram|tg|电报|電報|纸飞机|紙飛機|飞机|飛機)/iu],
  ['whatsapp', /^(?:whatsapp|wa)/iu],
  ['wechat', /^(?:wechat|weixin|wx|微信)/iu],
  ['line', /^line/iu],
  ['x', /^(?:twitter|x|推特)/iu],
]
const LABEL_SEPARATOR = /^\s*(?:id|号|號|account|帳號|账号)?\s*[:：]\s*/iu

/** Paths on x.com that are pages, not accounts. */
const X_RESERVED = new Set([
  'home',
  'i',
  'search',
  'explore',
  'settings',
  'intent',
  'share',
  'hashtag',
  'messages',
  'notifications',
  'login',
  'signup',
  'tos',
  'privacy',
])

const fold = (name: string) => name.normalize('NFC').toLowerCase()

function named(service: ChatService | null, name: string): ChatResult {
  if (service === 'whatsapp') return whatsapp(name)
  const withAt = name.startsWith('@')
  const handle = name.replace(/^@/, '')
  if (!new RegExp(`^${NAME}$`, 'u').test(handle)) return { ok: false }
  // Telegram, X and LINE names are case-insensitive, and so are WeChat IDs: folding never confirms a
  // different account, because each service already treats both spellings as one.
  return { ok: true, service, key: fold(handle), display: service === 'wechat' || (service === null && !withAt) ? handle : `@${handle}` }
}

function whatsapp(number: string): ChatResult {
  const digits = number.replace(/^\+?/, '+')
  const phone = normalisePhone(digits)
  return phone.ok ? { ok: true, service: 'whatsapp', key: phone.e164, display: phone.display } : { ok: false }
}

/** Account links: t.me/name, wa.me/number, line.me/ti/p/~id, x.com/name and their variants. */
function fromLink(text: string): ChatResult | null {
  const link = text.replace(/^(?:https?:\/\/)?(?:www\.|mobile\.|m\.)?/i, '')
  let match = /^(?:t\.me|telegram\.me|telegram\.dog)\/(?:s\/)?([A-Za-z0-9_]{3,64})(?:\/\d*)?\/?(?:[?#].*)?$/i.exec(link)
  if (match?.[1]) return named('telegram', match[1])
  match = /^tg:\/\/resolve\?domain=([A-Za-z0-9_]{3,64})/i.exec(text)
  if (match?.[1]) return named('telegram', match[1])
  match =
    /^wa\.me\/\+?(\d{5,17})\/?(?:[?#].*)?$/i.exec(link) ?? /^(?:api\.whatsapp\.com\/send\/?|whatsapp:\/\/send\/?)\?(?:.*&)?phone=\+?(\d{5,17})/i.exec(link)
  if (match?.[1]) return whatsapp(match[1])
  match = /^line\.me\/(?:R\/)?ti\/p\/(?:~|@|%40)([\w.-]{1,64})\/?(?:[?#].*)?$/i.exec(link) ?? /^page\.line\.me\/([\w.-]{1,64})\/?$/i.exec(link)
  if (match?.[1]) return named('line', match[1])
  match = /^(?:x|twitter)\.com\/@?([A-Za-z0-9_]{1,15})(?:\/.*)?(?:[?#].*)?$/i.exec(link)
  if (match?.[1] && !X_RESERVED.has(match[1].toLowerCase())) return named('x', match[1])
  return null
}

export function looksLikeLink(text: string): boolean {
  return /^(?:https?:\/\/|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i.test(text) || /^[a-z]+:\/\//i.test(text)
}

/**
 * A chat account as visitors meet it: "@name", a bare name (a WeChat ID, or a username seen without
 * its "@"), an account link, or "Service: name". Returns null when the text is none of these.
 */
export function normaliseChat(text: string): ChatResult | null {
  const link = fromLink(text)
  if (link) return link
  if (looksLikeLink(text)) return null
  for (const [service, label] of LABELS) {
    const match = label.exec(text)
    if (!match) continue
    const rest = text.slice(match[0].length)
    const separator = LABEL_SEPARATOR.exec(rest)
    if (!separator) continue
    const value = rest.slice(separator[0].length).trim()
    const inner = fromLink(value)
    if (inner) return inner
    return named(service, value)
  }
  const handle = HANDLE.exec(text)
  if (handle?.[1]) return named(null, `@${handle[1]}`)
  const bare = BARE.exec(text)
  if (bare?.[1]) return named(null, bare[1])
  return null
}
