import { useTranslation } from 'react-i18next'
import type { LeadQuestion, LeadView } from '../../api/leads.ts'
import { keptAnswer, LEAD_LIMITS, type LeadAnswerValue } from '../../../shared/rules/leads.ts'
import styles from './leads.module.css'
import own from './qualify.module.css'

/** The answers being given on the card, per question id. */
export type AnswerDraft = Record<number, LeadAnswerValue>

export const draftOf = (lead: LeadView): AnswerDraft => Object.fromEntries(lead.answers.map((answer) => [answer.questionId, answer.value]))

/** The draft as `lead$qualify` takes it, every question once (unanswered clears), or the message key per question that cannot be kept. */
export function answersOf(
  questions: readonly LeadQuestion[],
  draft: AnswerDraft,
): { answers: { questionId: number; value: LeadAnswerValue }[]; problems: Record<number, string> } {
  const problems: Record<number, string> = {}
  const answers = questions.map((question) => {
    const value = draft[question.id] ?? null
    const outcome = keptAnswer(question, value)
    if ('problem' in outcome) problems[question.id] = outcome.problem
    return { questionId: question.id, value }
  })
  return { answers, problems }
}

/**
 * The exhibitor's own questions on a lead (docs/product.md#lead-questions), answered in a few taps:
 * a choice's options and yes / no as buttons, text as a field.
 */
export function LeadAnswers({
  idPrefix,
  questions,
  draft,
  problems,
  onChange,
}: {
  idPrefix: string
  questions: readonly LeadQuestion[]
  draft: AnswerDraft
  problems: Record<number, string>
  onChange(questionId: number, value: LeadAnswerValue): void
}) {
  const { t } = useTranslation('leads')
  return questions.map((question) => {
    const id = `${idPrefix}-q${question.id}`
    const problem = problems[question.id]
    const problemId = problem ? `${id}-problem` : undefined
    const value = draft[question.id] ?? null
    const message = problem ? (
      <p id={problemId} className={own.problem}>
        {t(problem)}
      </p>
    ) : null
    if (question.kind === 'text') {
      return (
        <div key={question.id} className={styles.fieldset}>
          <label className={styles.label} htmlFor={id}>
            {question.label}
          </label>
          <input
            id={id}
            className={styles.input}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(question.id, event.target.value)}
            maxLength={LEAD_LIMITS.answer}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problemId}
          />
          {message}
        </div>
      )
    }
    const choices: { value: string | boolean; label: string }[] =
      question.kind === 'yesno'
        ? [
            { value: true, label: t('answers.yes') },
            { value: false, label: t('answers.no') },
          ]
        : question.options.map((option) => ({ value: option, label: option }))
    return (
      <fieldset key={question.id} className={styles.ratings} aria-describedby={problemId}>
        <legend className={styles.label}>{question.label}</legend>
        {choices.map((choice) => (
          <label key={String(choice.value)} className={styles.rating}>
            <input type="radio" name={id} checked={value === choice.value} onChange={() => onChange(question.id, choice.value)} />
            {choice.label}
          </label>
        ))}
        {value !== null ? (
          <button type="button" className={own.clear} onClick={() => onChange(question.id, null)}>
            {t('answers.clear')}
          </button>
        ) : null}
        {message}
      </fieldset>
    )
  })
}
