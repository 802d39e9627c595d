import { describe, expect, it } from 'vitest'
import { FIELD, fuzzyRowsOf, termsOf } from './terms.ts'

const broker = {
  code: 'B000001',
  traderCode: '0001883137',
  nameEn: 'Aldmoor Silver Capital Ltd',
  nameHans: '奥德摩银资本有限公司',
  nameHant: '奧德摩銀資本有限公司',
  aliases: ['Aldmoor Capital', 'ASC'],
}

describe('termsOf', () => {
  it('when a broker is indexed, then whole names, aliases and codes are whole terms', () => {
    const whole = termsOf(broker)
      .filter((row) => !row.inner)
      .map((row) => row.term)
    expect(whole).toEqual(expect.arrayContaining(['b000001', '0001883137', 'aldmoor silver capital ltd', '奥德摩银资本有限公司', 'aldmoor capital', 'asc']))
  })

  it('when a name has several words or Chinese characters, then each later start is an inner term', () => {
    const inner = termsOf(broker)
      .filter((row) => row.inner)
      .map((row) => row.term)
    expect(inner).toEqual(expect.arrayContaining(['silver capital ltd', 'capital ltd', 'ltd', '资本有限公司', '有限公司']))
  })

  it('when Traditional and Simplified names fold to the same text, then one term remains', () => {
    expect(termsOf(broker).filter((row) => row.term === '奥德摩银资本有限公司')).toEqual([{ term: '奥德摩银资本有限公司', field: FIELD.name, inner: false }])
  })

  it('when an alias equals a later part of a name, then the whole-term reading wins', () => {
    expect(termsOf(broker).find((row) => row.term === 'capital ltd')?.inner).toBe(true)
    expect(termsOf({ ...broker, aliases: ['Capital Ltd'] }).find((row) => row.term === 'capital ltd')).toEqual({
      term: 'capital ltd',
      field: FIELD.alias,
      inner: false,
    })
  })

  it('when typo variants are made, then codes, short words and Chinese inner terms are left out', () => {
    const rows = fuzzyRowsOf(termsOf(broker))
    const terms = new Set(rows.map((row) => row.term))
    expect(terms.has('b000001')).toBe(false)
    expect(terms.has('ltd')).toBe(false)
    expect(terms.has('资本有限公司')).toBe(false)
    expect(rows.filter((row) => row.term === 'aldmoor silver capital ltd').map((row) => row.variant)).toEqual(['aldm', 'ldm', 'adm', 'alm', 'ald'])
  })
})
