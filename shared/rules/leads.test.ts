import { describe, expect, it } from 'vitest'
import { cleanLabel, cleanTag, keptAnswer, LEAD_CURSOR, LEAD_LIMITS, LEAD_MESSAGES, shownAnswer } from './leads.ts'

describe('the exhibitor’s own questions (docs/product.md#lead-questions)', () => {
  const choice = { kind: 'choice', options: ['Retail', 'Institutional'] } as const
  const yesno = { kind: 'yesno', options: [] } as const
  const text = { kind: 'text', options: [] } as const

  it('when a choice is answered, then only one of its options is kept, in the option’s own case', () => {
    expect(keptAnswer(choice, 'Retail')).toEqual({ value: 'Retail' })
    expect(keptAnswer(choice, 'retail')).toEqual({ problem: LEAD_MESSAGES.answerChoice })
    expect(keptAnswer(choice, true)).toEqual({ problem: LEAD_MESSAGES.answerChoice })
    expect(keptAnswer(choice, null)).toEqual({ value: null })
  })

  it('when yes / no is answered, then a boolean is kept as yes or no and shown as a boolean again', () => {
    expect(keptAnswer(yesno, true)).toEqual({ value: 'yes' })
    expect(keptAnswer(yesno, false)).toEqual({ value: 'no' })
    expect(keptAnswer(yesno, 'yes')).toEqual({ problem: LEAD_MESSAGES.answerYesNo })
    expect(shownAnswer('yesno', 'yes')).toBe(true)
    expect(shownAnswer('yesno', 'no')).toBe(false)
    expect(shownAnswer('choice', 'Retail')).toBe('Retail')
  })

  it('when text is answered, then it is trimmed, an empty one clears it, and too long or control characters are refused', () => {
    expect(keptAnswer(text, '  Needs MT5  ')).toEqual({ value: 'Needs MT5' })
    expect(keptAnswer(text, '   ')).toEqual({ value: null })
    expect(keptAnswer(text, 'x'.repeat(LEAD_LIMITS.answer))).toEqual({ value: 'x'.repeat(LEAD_LIMITS.answer) })
    expect(keptAnswer(text, 'x'.repeat(LEAD_LIMITS.answer + 1))).toEqual({ problem: LEAD_MESSAGES.answerText })
    expect(keptAnswer(text, 'bell\u0007')).toEqual({ problem: LEAD_MESSAGES.answerText })
    expect(keptAnswer(text, false)).toEqual({ problem: LEAD_MESSAGES.answerText })
  })

  it('when a label or an option is typed, then spaces are tidied and its case kept; tags are folded to lower case', () => {
    expect(cleanLabel('  Trading   volume ')).toBe('Trading volume')
    expect(cleanTag('  Prop  Trading ')).toBe('prop trading')
  })

  it('when a cursor is read, then only the list’s own form passes', () => {
    expect(LEAD_CURSOR.test('2026-11-29T10:00:00.123456Z~42')).toBe(true)
    expect(LEAD_CURSOR.test('2026-11-29T10:00:00Z~42')).toBe(false)
    expect(LEAD_CURSOR.test("2026-11-29T10:00:00.123456Z~42' or 1=1")).toBe(false)
  })
})
