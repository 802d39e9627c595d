import { describe, expect, it } from 'vitest'
import { clean, compact, hasMixedScripts, skeleton } from './text.ts'

describe('clean (invisible characters)', () => {
  it.each([
    ['contact@aurum-expo.example', 'contact@aurum-expo.example', false],
    ['  +44 20 7946 0000\n', '+44 20 7946 0000', false],
    ['con\u200btact', 'contact', true],
    ['\u202eexample', 'example', true],
    ['a\u200c\u200db', 'ab', true],
    ['\ufeffbom', 'bom', true],
    ['soft\u00adhyphen', 'softhyphen', true],
    ['tag\u{E0041}s', 'tags', true],
    ['nul\u0000l', 'null', true],
    ['no\u00a0break\u3000space', 'no break space', false],
    ['emoji\ufe0f', 'emoji', true],
    ['\u2066isolate\u2069', 'isolate', true],
  ])('when %j is cleaned, then %j (hidden: %s)', (input, text, hidden) => {
    expect(clean(input)).toEqual({ text, hidden })
  })
})

describe('skeleton and compact (UTS #39 confusables)', () => {
  it.each([
    ['aurumexpo', 'AURUMEXPO'],
    ['aurumexpo', 'аurumexpo'],
    ['aurumexpo', 'aurumexp0'],
    ['aurumexpo', 'aururnexpo'],
    ['paypal', 'pаypаl'],
    ['apple', 'ɑpple'],
    ['google', 'ɡooɡle'],
    ['aurumexpo', 'ａｕｒｕｍｅｘｐｏ'],
    ['aurumexpo', 'aurumexpó'],
    ['l1I', 'lll'],
  ])('when %j and %j are compared, then they look the same', (a, b) => {
    expect(skeleton(b)).toBe(skeleton(a))
  })

  it('when separators differ, then compact still matches', () => {
    expect(compact('Aurum-Expo')).toBe(compact('aurum_expo'))
    expect(compact('aurum.expo')).toBe(compact('aurumexpo'))
    expect(compact('aurumexpo')).not.toBe(compact('aurumexpa'))
  })
})

describe('hasMixedScripts', () => {
  it.each([
    ['paypal', false],
    ['pаypal', true],
    ['αβγ', false],
    ['aβc', true],
    ['微信abc', true],
    ['東京とうきょう', false],
    ['123-456', false],
    ['xn--80ak6aa92e', false],
    ['Ьank', true],
    ['bank', false],
  ])('when %j is checked, then %s', (text, mixed) => {
    expect(hasMixedScripts(text)).toBe(mixed)
  })
})
