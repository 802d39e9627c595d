import { describe, expect, it } from 'vitest'
import { type PersonTraces, redactJson, redactText, searchTerms } from './person-traces.ts'

const wang: PersonTraces = {
  emails: ['wang.xiaoming@example.com'],
  phones: ['+85291234567'],
  attendeeIds: [],
  names: ['王小明', '小明 王', '王 小明', "O'Hara Ann"],
  nameParts: ['小明', '王'],
}

describe('redacting a person out of stored text', () => {
  it('when text names them by address in any case, by phone in any usual format or by a whole name, then markers stand in their place', () => {
    expect(redactText('Write to Wang.Xiaoming@Example.com or call +852 9123 4567 / 9123 4567 / +85291234567', wang)).toBe(
      'Write to erased-0@erased.invalid or call +9990000000 / +9990000000 / +9990000000',
    )
    expect(redactText('1. 小明 王 — Standard pass\n这是王小明', wang)).toBe('1. erased — Standard pass\n这是erased')
    // As an HTML mail writes a name with an apostrophe.
    expect(redactText('<li>O&#39;Hara Ann</li>', wang)).toBe('<li>erased</li>')
    // A name part alone inside text is left: 王 is also a word in other people's text.
    expect(redactText('王先生', wang)).toBe('王先生')
  })

  it('when JSON holds them, then every string is redacted and a value that is exactly one of their name parts is masked', () => {
    expect(
      redactJson({ position: 2, firstName: '小明', lastName: '王', email: 'WANG.XIAOMING@example.com', phone: '+85291234567', notes: ['王先生'] }, wang),
    ).toEqual({ position: 2, firstName: 'erased', lastName: 'erased', email: 'erased-0@erased.invalid', phone: '+9990000000', notes: ['王先生'] })
  })

  it('when an attendee record names where they work (an old value known nowhere else), then company and position are masked; other companies stay', () => {
    const record = { firstName: '小明', lastName: '王', company: '汇达证券', jobTitle: '交易主管', email: 'wang.xiaoming@example.com' }
    expect(redactJson({ before: record, after: { ...record, company: '' } }, wang)).toEqual({
      before: { firstName: 'erased', lastName: 'erased', company: 'erased', jobTitle: 'erased', email: 'erased-0@erased.invalid' },
      after: { firstName: 'erased', lastName: 'erased', company: '', jobTitle: 'erased', email: 'erased-0@erased.invalid' },
    })
    expect(redactJson({ company: 'Acme Markets', contact: 'wang.xiaoming@example.com' }, wang)).toEqual({
      company: 'Acme Markets',
      contact: 'erased-0@erased.invalid',
    })
  })

  it('when searching stored text, then the terms are lower case and include the HTML form', () => {
    const terms = searchTerms(wang)
    expect(terms).toContain('wang.xiaoming@example.com')
    expect(terms).toContain('9123 4567')
    expect(terms).toContain('o&#39;hara ann')
    expect(terms.every((term) => term === term.toLowerCase())).toBe(true)
  })
})
