import type { ChannelKind } from '../../api/verification.ts'

/** Where a channel can be opened: a call, an e-mail, the chat service's own link; null when it cannot (WeChat IDs, wallets). */
export function channelHref(kind: ChannelKind, display: string): string | null {
  const handle = display.replace(/^@/, '')
  switch (kind) {
    case 'phone':
      return `tel:${display.replace(/[^\d+]/g, '')}`
    case 'email':
      return `mailto:${display}`
    case 'whatsapp':
      return `https://wa.me/${display.replace(/\D/g, '')}`
    case 'telegram':
      return `https://t.me/${encodeURIComponent(handle)}`
    case 'x':
      return `https://x.com/${encodeURIComponent(handle)}`
    case 'line':
      return display.startsWith('@') ? `https://line.me/R/ti/p/${encodeURIComponent(display)}` : `https://line.me/ti/p/~${encodeURIComponent(handle)}`
    default:
      return null
  }
}

/** Links that leave the site open in a new tab; calls and e-mails do not. */
export function opensNewTab(kind: ChannelKind): boolean {
  return kind === 'whatsapp' || kind === 'telegram' || kind === 'x' || kind === 'line'
}
