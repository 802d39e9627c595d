import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_MARKS_IN_A_ROW, nickProblem } from './nick-rules.ts'

const BRAND = 'Aurum Expo'

describe('nickname rules', () => {
  it.each([
    'admin',
    'Admin',
    'ADMIN',
    'ＡＤＭＩＮ',
    'ａｄｍｉｎ',
    '\u0430dmin',
    'аdmіn',
    'adm1n',
    '4dmin',
    'admin1',
    'admin_2',
    'a d m i n',
    'a.d.m.i.n',
    'ádmín',
    'adrnin',
    'Administrator',
    'Site Admin',
    'Moderator',
    'Official',
    '0fficial',
    'support',
    'Aurum Expo',
    'AurumExpo Team',
    'Aurum-Expo',
    '官方客服',
    '管理员小王',
    'แอดมิน',
    'Админ',
  ])('when the nickname is %s, then it is refused as reserved', (nick) => {
    expect(nickProblem(nick, BRAND)).toBe('reserved')
  })

  it.each([
    'Ada Lovelace',
    'Badminton Fan',
    'Vadim',
    'Вадим',
    'Rootless Traveller',
    'Supporter of Arts',
    'Expo Fan',
    'Nguyễn Văn An',
    'สมชาย ใจดี',
    '王小明',
    'Ōtsuka',
    "O'Brien",
    'Zoë',
  ])('when the nickname is %s, then it is fine', (nick) => {
    expect(nickProblem(nick, BRAND)).toBeNull()
  })

  it('when combining marks pile up past what a script needs, then it is refused; Thai and Devanagari stacks are fine', () => {
    expect(nickProblem(`Z${'\u0301\u0300\u0302\u0303'}algo`, BRAND)).toBe('marks')
    expect(nickProblem(`H${'\u0336'.repeat(40)}i`, BRAND)).toBe('marks')
    expect(nickProblem('น้ำ ที่นี่', BRAND)).toBeNull()
    expect(nickProblem('क्षत्रिय', BRAND)).toBeNull()
  })

  it('when any run of marks is longer than the limit, then it is refused, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.integer({ min: MAX_MARKS_IN_A_ROW + 1, max: 50 }), fc.string({ maxLength: 10 }), (before, marks, after) => {
        expect(nickProblem(`${before}e${'\u0308'.repeat(marks)}${after}`, BRAND)).toBe('marks')
      }),
    )
  })
})
