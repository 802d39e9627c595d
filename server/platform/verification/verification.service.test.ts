import { describe, expect, it } from 'vitest'
import { DomainError } from '../errors.ts'
import { registerKey } from './register-key.ts'

describe('registerKey (the organiser value in the register form)', () => {
  it.each([
    ['phone', '+44 (0)20 7946 0000', '+442079460000', '+44 20 7946 0000'],
    ['phone', '0044 20 7946 0000', '+442079460000', '+44 20 7946 0000'],
    ['whatsapp', '+65 8123 4567', '+6581234567', '+65 8123 4567'],
    ['email', ' Contact@Aurum-Expo.Example ', 'contact@aurum-expo.example', 'contact@aurum-expo.example'],
    ['telegram', 'https://t.me/AurumExpo', 'aurumexpo', '@AurumExpo'],
    ['x', '@AurumExpo', 'aurumexpo', '@AurumExpo'],
    ['line', '@aurumexpo', 'aurumexpo', '@aurumexpo'],
    ['wechat', 'AurumExpoCN', 'aurumexpocn', 'AurumExpoCN'],
    ['usdtTrc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['usdtErc20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ] as const)('when a %s %j is registered, then its key is %s, shown as %s', (kind, value, key, display) => {
    expect(registerKey(kind, value)).toEqual({ key, display })
  })

  it.each([
    ['phone', '020 7946 0000'],
    ['email', 'contact@ａｕｒｕｍ-expo.example'],
    ['usdtTrc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
    ['usdtErc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['telegram', '@abc'],
    ['wechat', '1abcdefg'],
    ['x', '@this_name_is_far_too_long'],
  ] as const)('when a %s %j is registered, then it is refused', (kind, value) => {
    expect(() => registerKey(kind, value)).toThrow(DomainError)
  })
})
