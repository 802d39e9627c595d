import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketQuestion } from '../../api/tickets.ts'
import { TICKET_QUESTION_LIMITS } from '../../../shared/rules/ticket-questions.ts'
import { ANSWER_FILE_LIMITS } from '../../../shared/rules/ticket-question-files.ts'
import { FileAnswer } from './answer-file.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'
import styles from './question-fields.module.css'

/** What a question's control holds: text of any kind, a choice id, choice ids, 'yes' or 'no'. */
export type AnswerDraft = string | string[]

interface QuestionFieldsProps {
  /** Prefix of the controls' ids: `${idPrefix}-q${question id}`. */
  idPrefix: string
  questions: readonly TicketQuestion[]
  countries: ReadonlyArray<{ code: string; name: string }>
  values: Readonly<Record<string, AnswerDraft>>
  errorOf(questionId: number): string | undefined
  onChange(questionId: number, value: AnswerDraft): void
  disabled?: boolean
}

/** The id of a question's control, or of the first of its radio buttons or check boxes (where the focus goes on an error). */
export const questionFieldId = (idPrefix: string, questionId: number) => `${idPrefix}-q${questionId}`

/** A stored answer as its control holds it (yes/no as 'yes'/'no'). */
export function answerDraftOf(value: string | string[] | boolean | undefined): AnswerDraft | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return value
}

/**
 * The organiser's own questions for one ticket (docs/product.md#ticket-questions), in the visitor's
 * language: each with its label, help, the range of a number, and its error under it.
 */
export function QuestionFields({ idPrefix, questions, countries, values, errorOf, onChange, disabled = false }: QuestionFieldsProps) {
  const { t } = useTranslation('tickets')
  if (!questions.length) return null
  return (
    <fieldset className={styles.questions}>
      <legend className={styles.heading}>{t('questions.heading')}</legend>
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          id={questionFieldId(idPrefix, question.id)}
          question={question}
          countries={countries}
          value={values[String(question.id)]}
          error={errorOf(question.id)}
          onChange={(value) => onChange(question.id, value)}
          disabled={disabled}
        />
      ))}
    </fieldset>
  )
}

function rangeText(t: TFunction<'tickets'>, question: TicketQuestion): string {
  if (question.kind === 'file') return t('questions.file.hint', { mb: ANSWER_FILE_LIMITS.mb })
  if (question.kind !== 'number') return ''
  if (question.min !== null && question.max !== null) return t('questions.range', { min: question.min, max: question.max })
  if (question.min !== null) return t('questions.rangeMin', { min: question.min })
  if (question.max !== null) return t('questions.rangeMax', { max: question.max })
  return ''
}

interface QuestionFieldProps {
  id: string
  question: TicketQuestion
  countries: ReadonlyArray<{ code: string; name: string }>
  value: AnswerDraft | undefined
  error: string | undefined
  onChange(value: AnswerDraft): void
  disabled: boolean
}

function QuestionField({ id, question, countries, value, error, onChange, disabled }: QuestionFieldProps) {
  const { t } = useTranslation('tickets')
  const help = [question.help, rangeText(t, question)].filter(Boolean).join(' · ')
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  const text = typeof value === 'string' ? value : ''
  const list = Array.isArray(value) ? value : []
  const mark = question.required ? (
    <span className={ui.required} aria-hidden="true">
      {' *'}
    </span>
  ) : null
  const helpLine = help ? (
    <p id={`${id}-help`} className={styles.help}>
      {help}
    </p>
  ) : null
  const errorLine = error ? (
    <p id={`${id}-error`} className={ui.error}>
      {error}
    </p>
  ) : null
  const control = {
    id,
    disabled,
    required: question.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  }

  if (question.kind === 'choiceOne' || question.kind === 'choiceMany' || question.kind === 'yesNo') {
    const options =
      question.kind === 'yesNo'
        ? [
            { id: 'yes', label: t('questions.yes') },
            { id: 'no', label: t('questions.no') },
          ]
        : question.choices
    const many = question.kind === 'choiceMany'
    return (
      <fieldset className={`${ui.field} ${styles.group} ${styles.wide}`} aria-describedby={described} aria-invalid={error ? true : undefined}>
        <legend className={ui.label}>
          {question.text}
          {mark}
        </legend>
        {helpLine}
        <div className={styles.choices}>
          {options.map((option, index) => (
            <label key={option.id} className={styles.choice}>
              <input
                id={index === 0 ? id : undefined}
                type={many ? 'checkbox' : 'radio'}
                name={id}
                value={option.id}
                disabled={disabled}
                checked={many ? list.includes(option.id) : text === option.id}
                onChange={(event) =>
                  onChange(
                    many ? options.map((each) => each.id).filter((each) => (each === option.id ? event.target.checked : list.includes(each))) : option.id,
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </div>
        {errorLine}
      </fieldset>
    )
  }

  const label = (
    <label className={ui.label} htmlFor={id}>
      {question.text}
      {mark}
    </label>
  )
  if (question.kind === 'file') {
    const helpDescribed = help ? `${id}-help` : undefined
    return (
      <div className={`${ui.field} ${styles.wide}`}>
        {label}
        {helpLine}
        <FileAnswer id={id} token={text} required={question.required} disabled={disabled} described={helpDescribed} error={error} onChange={onChange} />
      </div>
    )
  }
  const change = (event: { target: { value: string } }) => onChange(event.target.value)
  let input: ReactNode
  if (question.kind === 'longText') {
    input = (
      <textarea
        {...control}
        className={`${ui.input} ${styles.textarea}`}
        value={text}
        maxLength={TICKET_QUESTION_LIMITS.answerLongText + 20}
        onChange={change}
      />
    )
  } else if (question.kind === 'country') {
    input = (
      <select {...control} className={ui.select} value={text} onChange={change}>
        <option value="">{t('questions.choose')}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    )
  } else {
    input = (
      <input
        {...control}
        className={ui.input}
        type={question.kind === 'date' ? 'date' : 'text'}
        inputMode={question.kind === 'number' ? 'decimal' : undefined}
        value={text}
        maxLength={TICKET_QUESTION_LIMITS.answerText + 20}
        onChange={change}
      />
    )
  }
  return (
    <div className={`${ui.field} ${question.kind === 'longText' ? styles.wide : ''}`}>
      {label}
      {helpLine}
      {input}
      {errorLine}
    </div>
  )
}
