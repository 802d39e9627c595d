import { describe, expect, it } from 'vitest'
import { checkLocales, readLocales } from './check-locales.ts'

describe('check-locales', () => {
  it('when a Latin-script locale keeps an English text, then it is reported', () => {
    const [, fil] = checkLocales({
      en: { 'common.venue': 'Venue', 'common.home': 'Home' },
      fil: { 'common.venue': 'Venue', 'common.home': 'Tahanan' },
    })
    expect(fil?.english).toEqual(['common.venue'])
  })

  it('when the same text is a brand, a placeholder-only text or a listed loanword, then it passes', () => {
    const [, es, id] = checkLocales({
      en: { a: 'Facebook', b: '{{name}} × {{quantity}}', c: 'Total', d: 'Asia' },
      es: { a: 'Facebook', b: '{{name}} × {{quantity}}', c: 'Total', d: 'Asia' },
      id: { a: 'Facebook', b: '{{name}} × {{quantity}}', c: 'Total', d: 'Asia' },
    })
    expect(es?.english).toEqual([])
    expect(id?.english).toEqual([])
  })

  it('when a loanword of one language appears in another, then the other is still reported', () => {
    const [, ja] = checkLocales({ en: { a: 'Total' }, ja: { a: 'Total' } })
    expect(ja?.english).toEqual(['a'])
  })

  it('when a locale lacks a key another has, then it is reported missing', () => {
    const [en, th] = checkLocales({ en: { a: 'One', b: 'Two' }, th: { a: 'หนึ่ง' } })
    expect(en?.missing).toEqual([])
    expect(th?.missing).toEqual(['b'])
  })

  it('when the project locales are read, then none lacks a key or keeps English', () => {
    const problems = checkLocales(readLocales('locales')).filter((report) => report.missing.length || report.english.length)
    expect(problems).toEqual([])
  })
})
