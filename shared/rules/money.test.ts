import { describe, expect, it } from 'vitest'
import { amountText, currencyDigits, isCurrency, parseMoney, formatMoney } from './money.ts'

describe('money as people type it', () => {
  it.each([
    ['299.00', 'CNY', 29900],
    ['299', 'CNY', 29900],
    ['299.5', 'USD', 29950],
    ['1,299.50', 'USD', 129950],
    ['1.299,50', 'EUR', 129950],
    ['1,299', 'USD', 129900],
    ['1 299,5', 'EUR', 129950],
    ['２９９．００', 'CNY', 29900],
    ['¥299', 'JPY', 299],
    ['5000', 'JPY', 5000],
    ['299.00', 'JPY', 299],
    ['1.299', 'KWD', 1299],
    ['0', 'USD', 0],
    ['12,345,678.90', 'IDR', 1234567890],
  ])('"%s" in %s is %i minor units', (typed, currency, minor) => {
    expect(parseMoney(typed, currency)).toEqual({ minor })
  })

  it.each([
    ['299.5', 'JPY', 'digits'],
    ['1.2345', 'KWD', 'digits'],
    ['abc', 'USD', 'format'],
    ['', 'USD', 'format'],
    ['-5', 'USD', 'format'],
    ['1.2.3,4,5', 'USD', 'format'],
    ['12.', 'USD', 'format'],
    ['1e5', 'USD', 'format'],
    ['129.005', 'GBP', 'digits'],
    ['1.299', 'EUR', 'digits'],
    ['1,299', 'KWD', 'format'],
  ])('"%s" in %s is refused (%s)', (typed, currency, problem) => {
    expect(parseMoney(typed, currency)).toEqual({ problem })
  })

  it('knows each currency and its minor unit; shows stored units back as typed', () => {
    expect([isCurrency('CNY'), isCurrency('XYZ'), isCurrency('cny')]).toEqual([true, false, false])
    expect(['USD', 'JPY', 'KWD', 'VND'].map(currencyDigits)).toEqual([2, 0, 3, 0])
    expect([amountText(29900, 'CNY'), amountText(5000, 'JPY'), amountText(1299, 'KWD')]).toEqual(['299.00', '5000', '1.299'])
  })
})

describe('formatMoney', () => {
  it('when minor units are shown, then in the currency own digits and the language way of writing money', () => {
    expect(formatMoney(29900, 'USD', 'en')).toBe('$299.00')
    expect(formatMoney(299, 'JPY', 'ja')).toBe('￥299')
    expect(formatMoney(1500, 'KWD', 'en')).toBe('KWD\u00a01.500')
    expect(formatMoney(123450, 'EUR', 'de')).toBe('1.234,50\u00a0€')
  })

  it('when Intl does not know the code, then the amount and the code, never an exception', () => {
    expect(formatMoney(1250, 'XYZ', 'en')).toBe('XYZ\u00a012.50')
    expect(formatMoney(1250, 'not a code', 'en')).toBe('12.50 not a code')
  })
})
