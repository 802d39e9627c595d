/**
 * The type shown while the visitor types: a small hand-written guess (no zod, no libphonenumber in
 * the page bundle). The platform decides for real (server/platform/verification/normalise).
 */
export type DetectedType =
  | 'phone'
  | 'email'
  | 'usdtTrc20'
  | 'usdtErc20'
  | 'telegram'
  | 'whatsapp'
  | 'line'
  | 'x'
  | 'wechat'
  | 'instagram'
  | 'facebook'
  | 'youtube'
  | 'tiktok'
  | 'chat'
  | 'domain'
  | 'app'
  | 'iban'
  | 'bankAccount'
  | 'unknown'

const INVISIBLE = /[\p{Cf}\p{Cc}]/gu

export function detectType(input: string): DetectedType | null {
  const text = input.replace(INVISIBLE, '').trim()
  if (!text) return null
  const compact = text.replace(/\s+/g, '')
  if (/^T[0-9A-Za-z]{33}$/.test(compact)) return 'usdtTrc20'
  if (/^0[xX][0-9A-Za-z]{40}$/.test(compact)) return 'usdtErc20'
  const link = text.replace(/^(?:https?:\/\/)?(?:www\.|mobile\.|m\.)?/i, '')
  if (/^(?:t\.me|telegram\.(?:me|dog))\//i.test(link) || /^tg:\/\//i.test(text)) return 'telegram'
  if (/^(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\//i.test(link) || /^whatsapp:/i.test(text)) return 'whatsapp'
  if (/^(?:page\.)?line\.me\//i.test(link)) return 'line'
  if (/^(?:x|twitter)\.com\//i.test(link)) return 'x'
  if (/^(?:instagram\.com|instagr\.am)\//i.test(link)) return 'instagram'
  if (/^(?:facebook\.com|fb\.com|fb\.me)\//i.test(link)) return 'facebook'
  if (/^youtube\.com\//i.test(link)) return 'youtube'
  if (/^tiktok\.com\//i.test(link)) return 'tiktok'
  if (/^(?:apps|itunes)\.apple\.com\/|^play\.google\.com\/store\/apps\//i.test(link) || /^market:\/\//i.test(text)) return 'app'
  if (/^(?:https?:\/\/|www\.)/i.test(text)) return 'domain'
  if (/^(?:telegram|tg|电报|電報|飞机|飛機)\s*[:：]/iu.test(text)) return 'telegram'
  if (/^(?:whatsapp|wa)\s*[:：]/iu.test(text)) return 'whatsapp'
  if (/^(?:wechat|weixin|微信)(?:\s*id|号|號)?\s*[:：]/iu.test(text)) return 'wechat'
  if (/^line(?:\s*id)?\s*[:：]/iu.test(text)) return 'line'
  if (/^(?:twitter|x|推特)\s*[:：]/iu.test(text)) return 'x'
  if (/^(?:mailto:)?[^\s@<>]+@[^\s@<>]+$/iu.test(text) || /<[^\s@<>]+@[^\s@<>]+>\s*$/u.test(text)) return 'email'
  if (/^(?:iban\s*[:：]?\s*)?[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/i.test(compact.replace(/[-.]/g, ''))) return 'iban'
  // Labelled ("Account: …", "账号：…") or longer than any phone number (docs/product.md#verification-web).
  if (
    /^(?:(?:bank\s*)?(?:account|acct\.?|a\/c)(?:\s*(?:no\.?|number))?|账号|帳號|账户|帳戶|银行卡号|銀行卡號|卡号|卡號|口座番号|บัญชี|số tài khoản|rekening|cuenta|conta|счёт|счет)\s*[:：]/iu.test(
      text,
    )
  )
    return 'bankAccount'
  if (/^\d[\d\s-]*\d$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 16) return 'bankAccount'
  if (/^(?:tel:)?\(?[+＋]?[\p{Nd}\s()./\-‐‑‒–—−]+(?:\s*(?:ext\.?|x|#)\s*\p{Nd}{1,6})?$/iu.test(text) && (text.match(/\p{Nd}/gu)?.length ?? 0) >= 3)
    return 'phone'
  // A name, a dot and letters after it: most likely a domain ("aurum-expo.com"); the platform checks the suffix.
  if (/^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\.?(?:\/.*)?$/u.test(text)) return 'domain'
  if (/^@[\p{L}\p{N}_.-]{1,64}$/u.test(text) || /^\p{L}[\p{L}\p{N}_.-]{0,63}$/u.test(text)) return 'chat'
  return 'unknown'
}
