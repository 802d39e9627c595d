import { describe, expect, it } from 'vitest'
import { checkTicketAnswers, cleanNumber, questionsForType, TICKET_ANSWER_MESSAGES as M, type TicketQuestionView } from './ticket-questions.ts'
import { ANSWER_FILE_MESSAGES } from './ticket-question-files.ts'

const question = (id: number, kind: TicketQuestionView['kind'], extra: Partial<TicketQuestionView> = {}): TicketQuestionView => ({
  id,
  kind,
  required: false,
  text: `Q${id}`,
  help: '',
  ticketTypeIds: [],
  choices:
    kind === 'choiceOne' || kind === 'choiceMany'
      ? [
          { id: 'c1', label: 'A' },
          { id: 'c2', label: 'B' },
          { id: 'c3', label: 'C' },
        ]
      : [],
  min: null,
  max: null,
  ...extra,
})

const isCountry = (code: string) => ['CN', 'TH', 'GB'].includes(code)

describe('checkTicketAnswers', () => {
  it.each([
    ['number', question(1, 'number'), '299.00', { value: '299.00' }],
    ['full-width number with a decimal comma', question(1, 'number'), '２９９,５', { value: '299.5' }],
    ['number with letters', question(1, 'number'), '299 USD', { error: M.number }],
    ['number below min', question(1, 'number', { min: 10, max: 100 }), '9.99', { error: M.tooSmall }],
    ['number above max', question(1, 'number', { min: 10, max: 100 }), '100.01', { error: M.tooBig }],
    ['number at max', question(1, 'number', { min: 10, max: 100 }), '100', { value: '100' }],
    ['date', question(1, 'date'), '2026-12-03', { value: '2026-12-03' }],
    ['date that does not exist', question(1, 'date'), '2026-04-31', { error: M.date }],
    ['date in another shape', question(1, 'date'), '03/12/2026', { error: M.date }],
    ['Chinese text', question(1, 'text'), ' 王小明 ', { value: '王小明' }],
    ['Thai long text with a line break', question(1, 'longText'), 'สวัสดี\nครับ', { value: 'สวัสดี\nครับ' }],
    ['text too long', question(1, 'text'), 'x'.repeat(201), { error: M.tooLong }],
    ['one choice', question(1, 'choiceOne'), 'c2', { value: 'c2' }],
    ['choice out of the list', question(1, 'choiceOne'), 'c9', { error: M.choice }],
    ['several choices, kept in the question order', question(1, 'choiceMany'), ['c3', 'c1'], { value: ['c1', 'c3'] }],
    ['several choices with one out of the list', question(1, 'choiceMany'), ['c1', 'zz'], { error: M.choice }],
    ['several choices repeated', question(1, 'choiceMany'), ['c1', 'c1'], { error: M.choice }],
    ['yes as the form sends it', question(1, 'yesNo'), 'yes', { value: true }],
    ['no as JSON', question(1, 'yesNo'), false, { value: false }],
    ['yes/no of another value', question(1, 'yesNo'), 'maybe', { error: M.invalid }],
    ['country', question(1, 'country'), 'TH', { value: 'TH' }],
    ['country not in the table', question(1, 'country'), 'XX', { error: M.country }],
  ])('when a %s is answered, then it is read or refused as expected', (_name, q, value, expected) => {
    const { errors, clean } = checkTicketAnswers([q], { 1: value }, isCountry)
    if ('error' in expected) {
      expect(errors).toEqual({ 1: expected.error })
      expect(clean).toEqual({})
    } else {
      expect(errors).toEqual({})
      expect(clean).toEqual({ 1: expected.value })
    }
  })

  it('when a required question is missing or blank, then it is marked required; an optional blank one is simply left out', () => {
    const questions = [question(1, 'text', { required: true }), question(2, 'choiceMany', { required: true }), question(3, 'text')]
    expect(checkTicketAnswers(questions, { 1: '   ', 3: '' })).toEqual({ errors: { 1: M.required, 2: M.required }, clean: {} })
  })

  it('when a file question is answered, then only an upload token is taken; blank is required or left out as for any kind', () => {
    const questions = [question(1, 'file', { required: true }), question(2, 'file')]
    expect(checkTicketAnswers(questions, { 1: 'AbCdEfGhIjKlMnOpQrStUv', 2: '' })).toEqual({ errors: {}, clean: { 1: 'AbCdEfGhIjKlMnOpQrStUv' } })
    for (const wrong of ['../../etc/passwd', 'short', ['AbCdEfGhIjKlMnOpQrStUv'], true, 'AbCdEfGhIjKlMnOpQrStU!']) {
      expect(checkTicketAnswers(questions, { 1: wrong }).errors).toEqual({ 1: M.file })
    }
    expect(checkTicketAnswers(questions, {}).errors).toEqual({ 1: M.required })
    expect(M.file).toBe(ANSWER_FILE_MESSAGES.gone)
  })

  it('when answers name a question not asked, then they are dropped', () => {
    expect(checkTicketAnswers([question(1, 'text')], { 1: 'a', 99: 'b' }).clean).toEqual({ 1: 'a' })
  })
})

describe('questionsForType', () => {
  it('when a question is limited to a ticket type, then only that type asks it', () => {
    const questions = [question(1, 'text'), question(2, 'text', { ticketTypeIds: [7] })]
    expect(questionsForType(questions, 7).map((q) => q.id)).toEqual([1, 2])
    expect(questionsForType(questions, 8).map((q) => q.id)).toEqual([1])
  })
})

describe('cleanNumber', () => {
  it('when a number has leading zeros, then they go and the decimals stay', () => {
    expect(cleanNumber('007.50')).toBe('7.50')
    expect(cleanNumber('-0.5')).toBe('-0.5')
    expect(cleanNumber('1e5')).toBeNull()
  })
})
