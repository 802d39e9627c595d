import { describe, expect, it } from 'vitest'
import { answersFromForm, checkSurveyAnswers, type SurveyQuestionView } from './survey.ts'

const QUESTIONS: SurveyQuestionView[] = [
  { id: 1, kind: 'rating', required: true, text: 'Overall?', options: [] },
  { id: 2, kind: 'single', required: false, text: 'Again?', options: ['Yes', 'No'] },
  { id: 3, kind: 'multiple', required: false, text: 'Visited?', options: ['Talks', 'Booths', 'Workshops'] },
  { id: 4, kind: 'text', required: false, text: 'Anything else?', options: [] },
]

describe('the survey answers check (page and platform alike)', () => {
  it('when answers fit their questions, then they come back cleaned: choices sorted, text trimmed, blanks left out', () => {
    const { errors, clean } = checkSurveyAnswers(QUESTIONS, { 1: 5, 2: 1, 3: [2, 0], 4: '  Fine  ' })
    expect(errors).toEqual({})
    expect(clean).toEqual({ 1: 5, 2: 1, 3: [0, 2], 4: 'Fine' })
    expect(checkSurveyAnswers(QUESTIONS, { 1: 3, 3: [], 4: '   ' }).clean).toEqual({ 1: 3 })
  })

  it('when an answer is missing, of the wrong kind, out of range or about no shown question, then its question says why', () => {
    expect(checkSurveyAnswers(QUESTIONS, {}).errors).toEqual({ 1: 'survey:errors.required' })
    const { errors } = checkSurveyAnswers(QUESTIONS, { 1: 0, 2: [1], 3: [1, 1], 4: 'x'.repeat(2001), 9: 'extra' })
    expect(errors).toEqual({
      1: 'survey:errors.invalid',
      2: 'survey:errors.invalid',
      3: 'survey:errors.invalid',
      4: 'survey:errors.tooLong',
      9: 'survey:errors.unknownQuestion',
    })
    expect(checkSurveyAnswers(QUESTIONS, { 1: '5', 2: 2, 3: [3], 4: 7 }).errors).toEqual({
      1: 'survey:errors.invalid',
      2: 'survey:errors.invalid',
      3: 'survey:errors.invalid',
      4: 'survey:errors.invalid',
    })
  })

  it('when a form is read, then repeated check boxes become a list and digits numbers', () => {
    const form: Record<string, string[]> = { q1: ['4'], q2: ['1'], q3: ['0', '2'], q4: ['Hello'], q9: ['ignored'] }
    expect(answersFromForm(QUESTIONS, (name) => form[name] ?? [])).toEqual({ 1: 4, 2: 1, 3: [0, 2], 4: 'Hello' })
  })
})
