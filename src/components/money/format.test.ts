import { describe, expect, it } from 'vitest'
import { formatMoney } from './format.ts'

describe('formatMoney', () => {
  it('when minor units are shown, then each currency keeps its own decimals and each language its own writing', () => {
    expect(formatMoney(299, 'JPY', 'ja')).toBe('￥299')
    expect(formatMoney(1299, 'KWD', 'en')).toMatch(/1\.299/)
    expect(formatMoney(178_20, 'USD', 'en')).toBe('$178.20')
    expect(formatMoney(1_234_50, 'EUR', 'es')).toMatch(/^1234,50\s€$|^1\.234,50\s€$/)
    expect(formatMoney(1500, 'JPY', 'ja')).toMatch(/1,500/)
    expect(formatMoney(9900, 'USD', 'zh-Hans')).toBe('US$99.00')
    expect(formatMoney(0, 'GBP', 'en')).toBe('£0.00')
  })

  it('when the currency is unknown to Intl, then the amount is still shown with its code', () => {
    expect(formatMoney(1000, 'XX1', 'en')).toBe('10.00 XX1')
  })
})
