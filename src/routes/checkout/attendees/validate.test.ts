import { describe, expect, it } from 'vitest'
import { attendList } from '../../../../shared/rules/tickets.ts'
import { validateAttendees } from './validate.ts'

const valid = (index: number) => ({
  firstName: `Ada${index}`,
  lastName: 'Lovelace',
  email: `ada${index}@example.com`,
  phone: { country: 'GB', number: `07400 12345${index}` },
  identity: 'trader',
  industry: 'fintech',
})

describe('validateAttendees', () => {
  it('when the five placeholders of attendList are sent untouched, then every field gets its prompt', async () => {
    const errors = await validateAttendees(attendList('GB'))
    expect(Object.keys(errors)).toHaveLength(30)
    expect(errors['0.firstName']).toBe('prompts.firstName')
    expect(errors['4.industry']).toBe('prompts.industry')
  })

  it('when forms are complete and distinct, then nothing is wrong', async () => {
    expect(await validateAttendees([valid(1), valid(2)])).toEqual({})
  })

  it('when an e-mail repeats in another case or a phone repeats in another writing, then the later form says so', async () => {
    const second = { ...valid(2), email: 'ADA1@EXAMPLE.COM', phone: { country: 'US', number: '+44 7400 123451' } }
    expect(await validateAttendees([valid(1), second])).toEqual({ '1.email': 'messages.emailRepeated', '1.phone': 'messages.phoneRepeated' })
  })

  it('when a phone or e-mail is wrong, or a name hides control characters, then the docs/product.md#attendee-form messages', async () => {
    const wrong = { ...valid(1), email: 'ada@example', phone: { country: 'GB', number: '12345' }, lastName: 'Love\u202elace' }
    expect(await validateAttendees([wrong])).toEqual({ '0.email': 'messages.email', '0.phone': 'messages.phone', '0.lastName': 'messages.characters' })
  })

  it('when company and position are absent, empty or in any script within their limits, then nothing is wrong', async () => {
    const given = { ...valid(2), company: ' 王小明科技有限公司 ', jobTitle: 'ผู้จัดการฝ่ายค้า' }
    const limits = { ...valid(3), company: '株'.repeat(120), jobTitle: 'Д'.repeat(80) }
    expect(await validateAttendees([valid(1), given, limits, { ...valid(4), company: '', jobTitle: '   ' }])).toEqual({})
  })

  it('when company or position hides control characters or is too long, then each field says so, as the platform would', async () => {
    const wrong = { ...valid(1), company: 'Acme\u0000', jobTitle: 'x'.repeat(81) }
    const long = { ...valid(2), company: '王'.repeat(500), jobTitle: 'Head\u202eof trading' }
    expect(await validateAttendees([wrong, long])).toEqual({
      '0.company': 'messages.characters',
      '0.jobTitle': 'messages.tooLong',
      '1.company': 'messages.tooLong',
      '1.jobTitle': 'messages.characters',
    })
  })
})
