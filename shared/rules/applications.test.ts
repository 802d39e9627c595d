import { describe, expect, it } from 'vitest'
import { boothDimensions, hasForbiddenCharacters, isBoothDimension, isEmail, isWebsite, normaliseWebsite, personName } from './applications.ts'

describe('application rules shared by the forms and the platform', () => {
  it('when an e-mail address is checked, then deliverable forms pass and broken ones do not', () => {
    for (const good of ['maria@acme.com', 'm.lopez+expo@acme-markets.co.uk', "o'brien@example.ie", 'li@例え.jp', 'x@xn--fsqu00a.xn--3lr804guic']) {
      expect(isEmail(good), good).toBe(true)
    }
    for (const bad of [
      '',
      'maria',
      'maria@',
      '@acme.com',
      'maria@acme',
      'ma ria@acme.com',
      'a..b@acme.com',
      '.a@acme.com',
      'a.@acme.com',
      'a@-acme.com',
      'a@acme-.com',
      '"a"@acme.com',
      `${'a'.repeat(65)}@acme.com`,
      `a@${'b'.repeat(250)}.com`,
      'a@acme.c0m',
    ]) {
      expect(isEmail(bad), bad).toBe(false)
    }
  })

  it('when a website is checked, then http(s) addresses with or without the scheme pass, other schemes do not', () => {
    for (const good of ['acme.com', 'www.acme.com/en?x=1#top', 'https://acme.com', 'http://acme.com:8080/path', 'acme.com:8080', '例え.jp'])
      expect(isWebsite(good), good).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'mailto:a@b.com',
      'ftp://acme.com',
      'acme',
      'https://',
      'http://1.2.3.4',
      'acme .com',
      `${'a'.repeat(200)}.com`,
    ]) {
      expect(isWebsite(bad), bad).toBe(false)
    }
    expect(normaliseWebsite('acme.com')).toBe('https://acme.com')
    expect(normaliseWebsite('HTTP://acme.com')).toBe('HTTP://acme.com')
  })

  it('when text holds control characters, line breaks or bidirectional overrides, then it is refused; emoji and scripts are fine', () => {
    for (const bad of ['a\u0000', 'a\nb', 'a\tb', 'a\u007f', 'a\u0085', 'a\u2028', 'a\u202eb', 'a\u2066b'])
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true)
    for (const good of ['Zoë', '王小明', 'محمد', 'नमस्ते', '👩‍💼 Acme', "O'Brien & Co. <Ltd>"]) expect(hasForbiddenCharacters(good), good).toBe(false)
  })

  it('when a custom booth size is checked, then 1 to 100 metres in steps of 0.5', () => {
    expect([1, 4.5, 100].every(isBoothDimension)).toBe(true)
    expect([0, 0.5, 4.25, 100.5, Number.NaN, Number.POSITIVE_INFINITY].some(isBoothDimension)).toBe(false)
    expect(boothDimensions(4.5, 6)).toBe('4.5 × 6 m')
  })

  it('when a name is shown, then in the order of the page language', () => {
    expect(personName('en', 'Yuki', 'Tanaka')).toBe('Yuki Tanaka')
    expect(personName('zh-cn', '小明', '王')).toBe('王小明')
    expect(personName('ja', 'Yuki', 'Tanaka')).toBe('Yuki Tanaka')
    expect(personName('ja', '由紀', '田中')).toBe('田中由紀')
    expect(personName('ru', 'Иван', 'Петров')).toBe('Иван Петров')
  })
})
