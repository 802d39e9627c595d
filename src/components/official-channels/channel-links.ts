import type { ChannelKind } from '../../api/verification.ts'

/** Where a channel can be opened: a call, an e-mail, the chat service's own link; null when it cannot (WeChat IDs, wallets). */
export function channelHref(kind: ChannelKind, display: string): string | null {
  const handle = display.replace(/^@/, '')
  switch (kind) {
    case 'phone':
      return `tel:${display.replace(/[^\d+]/g, '')}`
    case 'email':
      return `mailto:${display}`
    // A private group's invite link is shown as the link itself (t.me/+…, chat.whatsapp.com/…).
    case 'whatsapp':
      if (display.startsWith('chat.whatsapp.com/')) return `https://${display}`
      return `https://wa.me/${display.replace(/\D/g, '')}`
    case 'telegram':
      if (display.startsWith('t.me/')) return `https://${display}`
      return `https://t.me/${encodeURIComponent(handle)}`
    case 'x':
      return `https://x.com/${encodeURIComponent(handle)}`
    case 'line':
      return display.startsWith('@') ? `https://line.me/R/ti/p/${encodeURIComponent(display)}` : `https://line.me/ti/p/~${encodeURIComponent(handle)}`
    case 'instagram':
      return `https://www.instagram.com/${encodeURIComponent(handle)}/`
    case 'facebook':
      return display.includes('/') ? `https://www.${display}` : `https://www.facebook.com/${encodeURIComponent(handle)}`
    case 'youtube':
      return display.includes('/') ? `https://www.${display}` : `https://www.youtube.com/@${encodeURIComponent(handle)}`
    case 'tiktok':
      return `https://www.tiktok.com/@${encodeURIComponent(handle)}`
    // An internationalised domain is shown as "аурум.рф (xn--…)": the link goes to the ASCII form.
    case 'domain':
      return `https://${/\(([^)]+)\)$/.exec(display)?.[1] ?? display}/`
    default:
      return null
  }
}

/** Links that leave the site open in a new tab; calls and e-mails do not. */
export function opensNewTab(kind: ChannelKind): boolean {
  return ['whatsapp', 'telegram', 'x', 'line', 'instagram', 'facebook', 'youtube', 'tiktok', 'domain'].includes(kind)
}
