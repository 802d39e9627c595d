import { describe, expect, it } from 'vitest'
import { KINDS, MIDDLES, REGIONS, ROOTS, SUFFIXES } from './demo-names.ts'
import { normalise, normaliseWithMap, wordStarts } from './normalise.ts'

describe('normalise', () => {
  it('when text has capitals, full-width Latin or accents, then they fold to plain lower case', () => {
    expect(normalise('ＡＣＭＥ Ｍａｒｋｅｔｓ')).toBe('acme markets')
    expect(normalise('Société Générale')).toBe('societe generale')
    expect(normalise('Straße')).toBe('strasse')
    expect(normalise('ｱｸﾒ')).toBe('アクメ')
  })

  it('when Traditional Chinese is given, then it folds to Simplified', () => {
    expect(normalise('環球資本')).toBe('环球资本')
    expect(normalise('金龍證券')).toBe(normalise('金龙证券'))
  })

  it('when punctuation, symbols, controls or runs of spaces separate words, then one space does', () => {
    expect(normalise('  A&B\u0000 --  Markets\t\n ')).toBe('a b markets')
    expect(normalise("<script>alert('x')</script>")).toBe('script alert x script')
    expect(normalise("'; drop table search_terms; --")).toBe('drop table search terms')
  })

  it('when nothing but separators is given, then the result is empty', () => {
    expect(normalise(' .,;!?🙂 ')).toBe('')
    expect(normalise('')).toBe('')
  })

  it('when characters expand or vanish, then each output character maps back to its source', () => {
    const mapped = normaliseWithMap('Ｃafé ㈱')
    expect(mapped.chars.join('')).toBe('cafe 株')
    // 'é' (one UTF-16 unit) gives 'e'; '㈱' gives '(株)', whose brackets become separators.
    expect(mapped.from).toEqual([0, 1, 2, 3, 4, 5])
    expect(mapped.to).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('when a character lies outside the Basic Multilingual Plane, then its range covers both units', () => {
    const mapped = normaliseWithMap('𠀋a')
    expect(mapped.chars).toEqual(['𠀋', 'a'])
    expect(mapped.from).toEqual([0, 2])
    expect(mapped.to).toEqual([2, 3])
  })

  it('when every demo name part is written in Traditional Chinese, then it folds to its Simplified form', () => {
    for (const part of [...ROOTS, ...MIDDLES, ...KINDS, ...SUFFIXES, ...REGIONS]) {
      expect(normalise(part[2]), part[0]).toBe(normalise(part[1]))
    }
  })
})

describe('wordStarts', () => {
  it('when words are separated by spaces, then each word starts a term', () => {
    expect(wordStarts([...'acme global fx'])).toEqual([0, 5, 12])
  })

  it('when a script has no spaces, then every character may start a word', () => {
    expect(wordStarts([...'艾克美资本'])).toEqual([0, 1, 2, 3, 4])
    expect(wordStarts([...'金龙fx'])).toEqual([0, 1, 2])
  })
})
