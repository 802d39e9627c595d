import { normalisePhone } from './phone.ts'

export type ChatService = 'telegram' | 'whatsapp' | 'wechat' | 'line' | 'x' | 'instagram' | 'facebook' | 'youtube' | 'tiktok'
export const CHAT_SERVICES: readonly ChatService[] = ['telegram', 'whatsapp', 'wechat', 'line', 'x', 'instagram', 'facebook', 'youtube', 'tiktok']

export type ChatResult =
  | {
      ok: true
      /** The service named by a link or label; null for "@name" or a bare name (it may be on any of them). */
      service: ChatService | null
      /** The key: the name without "@", case-folded (WhatsApp: the number in E.164). */
      key: string
      /** As it is written for people: "@AurumExpo", "+65 8123 4567", "AurumExpo2019". */
      display: string
      /** An invite link to a private group or channel: its code is the key (case kept), never a name. */
      invite?: boolean
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
  ['instagram', /^(?:instagram|insta|ig)/iu],
  ['facebook', /^(?:facebook|fb|脸书|臉書)/iu],
  ['youtube', /^(?:youtube|yt|油管)/iu],
  ['tiktok', /^tiktok/iu],
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

/** Paths on instagram.com and facebook.com that are pages, not accounts. */
const INSTAGRAM_RESERVED = new Set(['p', 'reel', 'reels', 'explore', 'stories', 'accounts', 'direct', 'tv'])
const FACEBOOK_RESERVED = new Set(['groups', 'pages', 'watch', 'share', 'events', 'marketplace', 'login', 'gaming', 'profile.php'])

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

/**
 * Invite links to private groups: Telegram's t.me/+code (and the older t.me/joinchat/code), WhatsApp's
 * chat.whatsapp.com/code. The code is case-sensitive, so it is kept as written.
 */
function inviteLink(link: string, text: string): ChatResult | null {
  const telegram =
    /^(?:t\.me|telegram\.me|telegram\.dog)\/(?:\+|%2B|joinchat\/)([\w-]{8,64})\/?(?:[?#].*)?$/i.exec(link) ?? /^tg:\/\/join\?invite=([\w-]{8,64})/i.exec(text)
  if (telegram?.[1]) return { ok: true, service: 'telegram', key: `+${telegram[1]}`, display: `t.me/+${telegram[1]}`, invite: true }
  const whatsapp = /^chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{16,32})\/?(?:[?#].*)?$/i.exec(link)
  if (whatsapp?.[1]) return { ok: true, service: 'whatsapp', key: `invite:${whatsapp[1]}`, display: `chat.whatsapp.com/${whatsapp[1]}`, invite: true }
  return null
}

/** Account links: t.me/name, wa.me/number, line.me/ti/p/~id, x.com/name and their variants. */
function fromLink(text: string): ChatResult | null {
  const link = text.replace(/^(?:https?:\/\/)?(?:www\.|mobile\.|m\.)?/i, '')
  const invite = inviteLink(link, text)
  if (invite) return invite
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
  match = /^(?:instagram\.com|instagr\.am)\/([A-Za-z0-9._]{1,30})\/?(?:[?#].*)?$/i.exec(link)
  if (match?.[1] && !INSTAGRAM_RESERVED.has(match[1].toLowerCase())) return named('instagram', match[1])
  match = /^tiktok\.com\/@([A-Za-z0-9._]{2,24})(?:\/.*)?(?:[?#].*)?$/i.exec(link)
  if (match?.[1]) return named('tiktok', match[1])
  match = /^youtube\.com\/@([\w.-]{3,30})(?:\/.*)?(?:[?#].*)?$/i.exec(link) ?? /^youtube\.com\/(?:c|user)\/([\w.-]{1,100})(?:\/.*)?(?:[?#].*)?$/i.exec(link)
  if (match?.[1]) return named('youtube', match[1])
  // A channel id is case-sensitive: kept as written, never folded into another channel's.
  match = /^youtube\.com\/channel\/(UC[\w-]{22})(?:\/.*)?(?:[?#].*)?$/.exec(link)
  if (match?.[1]) return { ok: true, service: 'youtube', key: match[1], display: `youtube.com/channel/${match[1]}` }
  match = /^(?:facebook\.com|fb\.com|fb\.me)\/profile\.php\?(?:.*&)?id=(\d{5,20})/i.exec(link)
  if (match?.[1]) return { ok: true, service: 'facebook', key: match[1], display: `facebook.com/profile.php?id=${match[1]}` }
  match = /^(?:facebook\.com|fb\.com|fb\.me)\/([A-Za-z0-9.]{5,50})\/?(?:[?#].*)?$/i.exec(link)
  if (match?.[1] && !FACEBOOK_RESERVED.has(match[1].toLowerCase())) return named('facebook', match[1])
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
