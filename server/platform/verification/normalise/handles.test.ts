import { describe, expect, it } from 'vitest'
import { normaliseChat } from './handles.ts'

describe('normaliseChat (chat accounts, links and labels)', () => {
  it.each([
    ['@AurumExpo', null, 'aurumexpo', '@AurumExpo'],
    ['AurumExpoCN', null, 'aurumexpocn', 'AurumExpoCN'],
    ['t.me/AurumExpo', 'telegram', 'aurumexpo', '@AurumExpo'],
    ['https://t.me/s/aurumexpo/123', 'telegram', 'aurumexpo', '@aurumexpo'],
    ['https://telegram.me/aurumexpo?start=1', 'telegram', 'aurumexpo', '@aurumexpo'],
    ['tg://resolve?domain=aurumexpo', 'telegram', 'aurumexpo', '@aurumexpo'],
    ['https://wa.me/6581234567', 'whatsapp', '+6581234567', '+65 8123 4567'],
    ['https://api.whatsapp.com/send?phone=6581234567&text=hi', 'whatsapp', '+6581234567', '+65 8123 4567'],
    ['line.me/ti/p/~aurum.expo', 'line', 'aurum.expo', '@aurum.expo'],
    ['https://line.me/R/ti/p/@aurumexpo', 'line', 'aurumexpo', '@aurumexpo'],
    ['https://x.com/AurumExpo', 'x', 'aurumexpo', '@AurumExpo'],
    ['twitter.com/aurumexpo/status/1234', 'x', 'aurumexpo', '@aurumexpo'],
    ['Telegram: @AurumExpo', 'telegram', 'aurumexpo', '@AurumExpo'],
    ['微信号：AurumExpoCN', 'wechat', 'aurumexpocn', 'AurumExpoCN'],
    ['WeChat ID: AurumExpoCN', 'wechat', 'aurumexpocn', 'AurumExpoCN'],
    ['WhatsApp: +65 8123 4567', 'whatsapp', '+6581234567', '+65 8123 4567'],
    ['@аurumexpo', null, 'аurumexpo', '@аurumexpo'],
  ])('when %j is given, then service %s, key %s, shown %s', (input, service, key, display) => {
    expect(normaliseChat(input)).toEqual({ ok: true, service, key, display })
  })

  it.each([
    ['https://x.com/home'],
    ['https://example.com/aurumexpo'],
    ['https://t.me/'],
    ['<img src=x onerror=alert(1)>'],
    ["' or 1=1 --"],
    ['two words'],
    ['@'],
    [`@${'a'.repeat(65)}`],
    ['12345678'],
    ['javascript:alert(1)'],
  ])('when %j is given, then it is no chat account', (input) => {
    const result = normaliseChat(input)
    expect(result === null || result.ok === false).toBe(true)
  })
})
