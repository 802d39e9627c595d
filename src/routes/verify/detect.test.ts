import { describe, expect, it } from 'vitest'
import { detectType } from './detect.ts'

describe('detectType (the hint shown while typing)', () => {
  it.each([
    ['', null],
    ['   \u200b', null],
    ['+44 20 7946 0000', 'phone'],
    ['(020) 7946-0000', 'phone'],
    ['contact@aurum-expo.example', 'email'],
    ['Aurum <contact@aurum-expo.example>', 'email'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'usdtTrc20'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'usdtErc20'],
    ['https://t.me/aurumexpo', 'telegram'],
    ['wa.me/6581234567', 'whatsapp'],
    ['https://line.me/R/ti/p/@aurumexpo', 'line'],
    ['x.com/aurumexpo', 'x'],
    ['微信号：AurumExpoCN', 'wechat'],
    ['@aurumexpo', 'chat'],
    ['AurumExpoCN', 'chat'],
    ['https://t.me/+AbCdEfGhIjK12345', 'telegram'],
    ['https://chat.whatsapp.com/Fq3rTx9Yz0AbCdEfGhIjKl', 'whatsapp'],
    ['https://www.instagram.com/aurumexpo/', 'instagram'],
    ['tiktok.com/@aurumexpo', 'tiktok'],
    ['https://www.aurum-expo.com/tickets', 'domain'],
    ['aurum-expo.com', 'domain'],
    ['аurum-expo.com', 'domain'],
    ['https://play.google.com/store/apps/details?id=com.aurumexpo.app', 'app'],
    ['GB82 WEST 1234 5698 7654 32', 'iban'],
    ['Account: 004-123456-001', 'bankAccount'],
    ['账号：6222 0212 3456 7890', 'bankAccount'],
    ['6222 0212 3456 7890', 'bankAccount'],
    ['<script>alert(1)</script>', 'unknown'],
    ['two words here', 'unknown'],
  ])('when %j is typed, then %s', (input, type) => {
    expect(detectType(input)).toBe(type)
  })
})
