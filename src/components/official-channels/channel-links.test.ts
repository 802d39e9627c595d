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
  ] as const)('when a %s channel is %s, then it opens %s', (kind, display, href) => {
    expect(channelHref(kind, display)).toBe(href)
  })
})
