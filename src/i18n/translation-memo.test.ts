import { describe, expect, it, vi } from 'vitest'
import { createI18n } from './instance.ts'
import { createTranslationMemo, memoizedView, missingKeyReporter } from './translation-memo.ts'

const resources = {
  en: {
    common: { hello: 'Hello', greet: 'Hello {{name}}', items_one: '{{count}} item', items_other: '{{count}} items', list: ['a', 'b'] },
    home: { title: 'Home', nested: { key: 'Nested' } },
  },
}

function setup() {
  const memo = createTranslationMemo()
  const shared = createI18n('en', resources, ['common', 'home'], missingKeyReporter(memo))
  return { memo, shared }
}

describe('memoizedView', () => {
  it('when a page asks the same things twice, then the answers equal i18next’s and the second time comes from the memo', () => {
    const { memo, shared } = setup()
    const t = memoizedView(shared, memo, () => {}).getFixedT('en', 'home')
    const plain = shared.getFixedT('en', 'home')
    const calls: Array<[string, Record<string, string | number>]> = [
      ['title', {}],
      ['nested.key', {}],
      ['common:greet', { name: 'Ana' }],
      ['common:items', { count: 1 }],
      ['common:items', { count: 5 }],
    ]
    for (const [key, options] of calls) expect(t(key, options)).toBe(plain(key, options))
    expect(memo.answers.size).toBe(calls.length)
    const translate = vi.spyOn((shared as unknown as { translator: { translate(): unknown } }).translator, 'translate')
    for (const [key, options] of calls) expect(t(key, options)).toBe(plain(key, options))
    expect(translate).toHaveBeenCalledTimes(calls.length)
  })

  it('when option values differ only in how a naive key would join them, then each call keeps its own answer', () => {
    const { memo, shared } = setup()
    const t = memoizedView(shared, memo, () => {}).getFixedT('en', 'common')
    expect(t('greet', { name: 'a|b' })).toBe('Hello a|b')
    expect(t('greet', { name: 'a', other: 'b' })).toBe('Hello a')
  })

  it('when a key prefix or namespace differs, then the same key is answered separately', () => {
    const { memo, shared } = setup()
    const view = memoizedView(shared, memo, () => {})
    expect(view.getFixedT('en', 'home', 'nested')('key')).toBe('Nested')
    expect(view.getFixedT('en', 'home')('title')).toBe('Home')
    expect(view.getFixedT('en', 'common')('title')).toBe('title')
  })

  it('when components of one request ask for the same scope, then they share one t()', () => {
    const { memo, shared } = setup()
    const view = memoizedView(shared, memo, () => {})
    expect(view.getFixedT('en', 'home')).toBe(view.getFixedT('en', 'home'))
    expect(view.getFixedT('en', 'home')).not.toBe(view.getFixedT('en', 'common'))
    expect(view.getFixedT('en', 'home')).not.toBe(memoizedView(shared, memo, () => {}).getFixedT('en', 'home'))
  })

  it('when an answer is an object, then it is not remembered', () => {
    const { memo, shared } = setup()
    const t = memoizedView(shared, memo, () => {}).getFixedT('en', 'common')
    expect(t('list', { returnObjects: true })).toEqual(['a', 'b'])
    expect(memo.answers.size).toBe(0)
  })

  it('when two requests meet the same missing key, then each request hears of it, every time', () => {
    const { memo, shared } = setup()
    const first = vi.fn()
    const second = vi.fn()
    memoizedView(shared, memo, first).getFixedT('en', 'home')('absent')
    memoizedView(shared, memo, second).getFixedT('en', 'home')('absent')
    memoizedView(shared, memo, second).getFixedT('en', 'home')('absent')
    expect(first).toHaveBeenCalledExactlyOnceWith('home:absent')
    expect(second).toHaveBeenCalledTimes(2)
    expect(memo.answers.size).toBe(0)
  })
})
