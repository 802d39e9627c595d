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
    ['https://www.instagram.com/AurumExpo/', 'instagram', 'aurumexpo', '@AurumExpo'],
    ['instagram.com/aurum.expo?igsh=abc', 'instagram', 'aurum.expo', '@aurum.expo'],
    ['Instagram: @aurum.expo', 'instagram', 'aurum.expo', '@aurum.expo'],
    ['https://www.tiktok.com/@aurumexpo/video/7301', 'tiktok', 'aurumexpo', '@aurumexpo'],
    ['TikTok: @AurumExpo', 'tiktok', 'aurumexpo', '@AurumExpo'],
    ['https://www.youtube.com/@AurumExpo/videos', 'youtube', 'aurumexpo', '@AurumExpo'],
    ['https://m.facebook.com/AurumExpoOfficial', 'facebook', 'aurumexpoofficial', '@AurumExpoOfficial'],
  ])('when %j is given, then service %s, key %s, shown %s', (input, service, key, display) => {
    expect(normaliseChat(input)).toEqual({ ok: true, service, key, display })
  })

  it.each([
    ['https://t.me/+AbCdEfGhIjK12345', 'telegram', '+AbCdEfGhIjK12345', 't.me/+AbCdEfGhIjK12345'],
    ['t.me/joinchat/AbCdEfGhIjK12345', 'telegram', '+AbCdEfGhIjK12345', 't.me/+AbCdEfGhIjK12345'],
    ['https://t.me/%2BAbCdEfGhIjK12345', 'telegram', '+AbCdEfGhIjK12345', 't.me/+AbCdEfGhIjK12345'],
    ['tg://join?invite=AbCdEfGhIjK12345', 'telegram', '+AbCdEfGhIjK12345', 't.me/+AbCdEfGhIjK12345'],
    ['https://chat.whatsapp.com/Fq3rTx9Yz0AbCdEfGhIjKl', 'whatsapp', 'invite:Fq3rTx9Yz0AbCdEfGhIjKl', 'chat.whatsapp.com/Fq3rTx9Yz0AbCdEfGhIjKl'],
  ])('when the invite link %j is given, then %s invite %s, case kept', (input, service, key, display) => {
    expect(normaliseChat(input)).toEqual({ ok: true, service, key, display, invite: true })
  })

  it('when a YouTube channel id is given, then it is kept as written (channel ids are case-sensitive)', () => {
    expect(normaliseChat('https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv')).toEqual({
      ok: true,
      service: 'youtube',
      key: 'UCabcdefghijklmnopqrstuv',
      display: 'youtube.com/channel/UCabcdefghijklmnopqrstuv',
    })
  })

  it.each([
    ['https://x.com/home'],
    ['https://www.instagram.com/p/Cx1/'],
    ['https://www.facebook.com/groups/123'],
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
