import { describe, expect, it } from 'vitest'
import { channelHref } from './channel-links.ts'

describe('channelHref', () => {
  it.each([
    ['phone', '+44 20 7946 0000', 'tel:+442079460000'],
    ['email', 'contact@aurum-expo.example', 'mailto:contact@aurum-expo.example'],
    ['whatsapp', '+65 8123 4567', 'https://wa.me/6581234567'],
    ['telegram', '@aurumexpo', 'https://t.me/aurumexpo'],
    ['x', '@AurumExpo', 'https://x.com/AurumExpo'],
    ['line', '@aurumexpo', 'https://line.me/R/ti/p/%40aurumexpo'],
    ['wechat', 'AurumExpoCN', null],
    ['usdtTrc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', null],
    ['telegram', 't.me/+AbCdEfGhIjK12345', 'https://t.me/+AbCdEfGhIjK12345'],
    ['whatsapp', 'chat.whatsapp.com/Fq3rTx9Yz0AbCdEfGhIjKl', 'https://chat.whatsapp.com/Fq3rTx9Yz0AbCdEfGhIjKl'],
    ['instagram', '@aurum.expo', 'https://www.instagram.com/aurum.expo/'],
    ['tiktok', '@aurumexpo', 'https://www.tiktok.com/@aurumexpo'],
    ['youtube', 'youtube.com/channel/UCabcdefghijklmnopqrstuv', 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv'],
    ['domain', 'aurum-expo.com', 'https://aurum-expo.com/'],
    ['domain', 'аурум.рф (xn--80ayllb.xn--p1ai)', 'https://xn--80ayllb.xn--p1ai/'],
    ['iban', 'GB82 WEST 1234 5698 7654 32', null],
  ] as const)('when a %s channel is %s, then it opens %s', (kind, display, href) => {
    expect(channelHref(kind, display)).toBe(href)
  })
})
