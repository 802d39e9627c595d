import { describe, expect, it } from 'vitest'
import { displayName, greetingName, isNameQuery, nameMatches } from './names.ts'

describe('names shown in the order of their own script', () => {
  it.each([
    [{ first: '小明', last: '王' }, '王小明'],
    [{ first: '花子', last: '山田' }, '山田花子'],
    [{ first: '민준', last: '김' }, '김민준'],
    [{ first: 'はなこ', last: 'やまだ' }, 'やまだはなこ'],
    [{ first: 'Grace', last: 'Hopper' }, 'Grace Hopper'],
    [{ first: 'Meiling', last: 'Zhou' }, 'Meiling Zhou'],
    [{ first: 'Иван', last: 'Петров' }, 'Иван Петров'],
    [{ first: 'Meiling', last: '周' }, '周 Meiling'],
    [{ first: ' Ada ', last: ' Lovelace ' }, 'Ada Lovelace'],
    [{ first: 'Cher', last: '' }, 'Cher'],
    [{ first: '', last: '王' }, '王'],
  ])('when the name is %o, then it reads %s', (name, shown) => {
    expect(displayName(name)).toBe(shown)
  })
})

describe('finding a person by name', () => {
  const wang = { first: '小明', last: '王' }
  const zhou = { first: 'Meiling', last: 'Zhou' }
  const zoe = { first: 'Zoë', last: 'Müller' }

  it.each([
    [wang, '王小明'],
    [wang, '王'],
    [wang, '小明'],
    [wang, '王 小明'],
    [wang, '小明王'],
    [zhou, 'Zhou Meiling'],
    [zhou, 'zhou meiling'],
    [zhou, 'Meiling Zhou'],
    [zhou, 'ZHOU'],
    [zhou, 'Ｚｈｏｕ'],
    [zhou, 'zhoumei'],
    [zoe, 'zoe muller'],
    [zoe, 'Müller'],
  ])('when the person is %o and the query %s, then they are found', (name, query) => {
    expect(nameMatches(name, query)).toBe(true)
  })

  it.each([
    [wang, '李'],
    [wang, '王大明'],
    [zhou, 'Zhou Ling Mei'],
    [zhou, ''],
    [zhou, '   '],
  ])('when the person is %o and the query %s, then they are not found', (name, query) => {
    expect(nameMatches(name, query)).toBe(false)
  })

  it('when a query is one Latin letter, then it is too short; one CJK character is a name part', () => {
    expect(isNameQuery('z')).toBe(false)
    expect(isNameQuery(' 王 ')).toBe(true)
    expect(isNameQuery('zh')).toBe(true)
    expect(isNameQuery('')).toBe(false)
  })
})

describe('the name a mail greets by', () => {
  it.each([
    [{ first: 'Grace', last: 'Hopper' }, 'Grace'],
    [{ first: '花子', last: '山田' }, '山田花子'],
    [{ first: '小明', last: '王' }, '王小明'],
    [{ first: '', last: 'Hopper' }, 'Hopper'],
  ])('when the person is %o, then the greeting names %s', (name, greeted) => {
    expect(greetingName(name)).toBe(greeted)
  })
})
