import { describe, expect, it } from 'vitest'
import { highlight } from './highlight.ts'

const marked = (text: string, query: string) =>
  highlight(text, query)
    .segments.map((segment) => (segment.highlighted ? `[${segment.text}]` : segment.text))
    .join('')

describe('highlight', () => {
  it('when the query starts the name, then that start is marked in the original spelling', () => {
    expect(marked('Aldmoor Capital', 'ald')).toBe('[Ald]moor Capital')
  })

  it('when the query is a later word, then that word start is preferred over an earlier inner match', () => {
    expect(marked('Capitalia Capital', 'capital')).toBe('[Capital]ia Capital')
    expect(marked('Ocapital Capital', 'capital')).toBe('Ocapital [Capital]')
  })

  it('when case, width or script differ, then the original characters are marked', () => {
    expect(marked('Aldmoor Capital', 'ＣＡＰＩ')).toBe('Aldmoor [Capi]tal')
    expect(marked('環球資本有限公司', '资本')).toBe('環球[資本]有限公司')
    expect(marked('Société Générale', 'generale')).toBe('Société [Générale]')
  })

  it('when punctuation sits between the typed words, then the mark spans it', () => {
    expect(marked('A&B Markets', 'a b')).toBe('[A&B] Markets')
  })

  it('when the query has a small typo, then the closest word start is marked', () => {
    expect(marked('Aldmoor Capital', 'aldmor')).toBe('[Aldmoor] Capital')
    expect(marked('Aldmoor Capital', 'captial')).toBe('Aldmoor [Capital]')
  })

  it('when a typo match is shorter than the word, then only the matched characters are marked', () => {
    expect(marked('Apex Holdings', 'gold')).toBe('Apex [Hold]ings')
    expect(marked('Northwind Markets', 'markte')).toBe('Northwind [Market]s')
  })

  it('when the query is not there at all, then nothing is marked and the text is whole', () => {
    expect(highlight('Aldmoor Capital', 'zzzz')).toEqual({ segments: [{ text: 'Aldmoor Capital', highlighted: false }], matched: false })
    expect(highlight('Aldmoor Capital', '')).toEqual({ segments: [{ text: 'Aldmoor Capital', highlighted: false }], matched: false })
  })

  it('when the name holds markup, then it comes back as plain text segments, unchanged', () => {
    const result = highlight('<img src=x onerror=alert(1)> Markets', 'markets')
    expect(result.segments.map((segment) => segment.text).join('')).toBe('<img src=x onerror=alert(1)> Markets')
    expect(result.segments.at(-1)).toEqual({ text: 'Markets', highlighted: true })
  })
})
