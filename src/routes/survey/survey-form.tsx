import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { answersFromForm, checkSurveyAnswers, SURVEY_LIMITS, type SurveyErrors, type SurveyQuestionView, surveyPath } from '../../../shared/rules/survey.ts'
import { submitSurvey } from '../../api/survey.ts'
import { useGateway, useSite } from '../../app-state.ts'
import type { SurveyLoad } from './survey-load.ts'
import styles from './survey.module.css'

type Done = { kind: 'thanks' } | { kind: 'answered' }

/** Field errors of the platform (`q<id>` -> key) by question id. */
const byQuestion = (fields: Record<string, string>): SurveyErrors =>
  Object.fromEntries(Object.entries(fields).flatMap(([field, key]) => (/^q\d+$/.test(field) ? [[field.slice(1), key]] : [])))

/**
 * The questions as a real form: it posts to the page's own address without JavaScript (the platform
 * answers with a redirect back), and with JavaScript it checks first, sends through the survey
 * gateway and shows the outcome in place.
 */
export function SurveyForm({ loaded }: { loaded: SurveyLoad }) {
  const { t } = useTranslation('survey')
  const site = useSite()
  const gateway = useGateway()
  const { questions } = loaded.form
  const [errors, setErrors] = useState<SurveyErrors>(() => Object.fromEntries(Object.entries(loaded.errors).map(([field, key]) => [field.slice(1), key])))
  const [failed, setFailed] = useState<string | null>(loaded.failed)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<Done | null>(null)
  const summary = useRef<HTMLDivElement>(null)
  const doneHeading = useRef<HTMLHeadingElement>(null)
  const hasErrors = Object.keys(errors).length > 0

  useEffect(() => {
    if (hasErrors || failed) summary.current?.focus()
  }, [hasErrors, failed])
  useEffect(() => {
    if (done) doneHeading.current?.focus()
  }, [done])

  // An answer given takes its question out of the error list at once (it is checked again on sending).
  const forget = (field: string) => {
    const id = /^q(\d+)$/.exec(field)?.[1]
    if (id && errors[id]) setErrors(({ [id]: _answered, ...rest }) => rest)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answers = answersFromForm(questions, (name) => data.getAll(name).map(String))
    const checked = checkSurveyAnswers(questions, answers)
    setFailed(null)
    setErrors(checked.errors)
    if (Object.keys(checked.errors).length) return
    setBusy(true)
    try {
      await gateway.call(submitSurvey, { token: loaded.token, answers: checked.clean })
      setDone({ kind: 'thanks' })
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'survey:errors.answered') setDone({ kind: 'answered' })
      else if (error instanceof GatewayError && Object.keys(error.fields).length) setErrors(byQuestion(error.fields))
      else setFailed(error instanceof GatewayError && error.code === 'errors.rateLimited' ? 'errors.rateLimited' : 'errors.unexpected')
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <section className={styles.card} aria-labelledby="survey-done">
        <h2 id="survey-done" className={styles.cardTitle} ref={doneHeading} tabIndex={-1}>
          {t(done.kind === 'thanks' ? 'thanks.title' : 'answered.title')}
        </h2>
        <p className={styles.text}>{done.kind === 'thanks' ? t('thanks.text') : t('answered.again')}</p>
        <Link className={styles.secondary} to={`/${site.lang}`}>
          {t('home')}
        </Link>
      </section>
    )
  }

  const message = (key: string) => t(key.replace(/^survey:/, ''), { max: SURVEY_LIMITS.answerText })
  const errorList = questions.filter((question) => errors[question.id])
  return (
    <form
      className={styles.form}
      method="post"
      action={surveyPath(site.lang, loaded.token)}
      noValidate
      onSubmit={(event) => void submit(event)}
      onChange={(event) => forget((event.target as unknown as HTMLInputElement).name)}
    >
      <p className={styles.text}>{t('intro')}</p>
      <p className={styles.hint}>{t('requiredNote')}</p>
      {hasErrors || failed ? (
        <div className={styles.summary} ref={summary} tabIndex={-1} role="alert" aria-labelledby="survey-summary">
          <h2 id="survey-summary">
            {failed
              ? failed === 'survey:errors.answered'
                ? t('errors.answered')
                : failed === 'errors.rateLimited'
                  ? t('errors.rateLimited')
                  : t('errors.failed')
              : t('errors.check')}
          </h2>
          {errorList.length ? (
            <ul>
              {errorList.map((question) => (
                <li key={question.id}>
                  <a href={`#question-${question.id}`}>{question.text}</a>
                  <br />
                  {message(errors[question.id] as string)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {questions.map((question, index) => (
        <Question key={question.id} question={question} number={index + 1} error={errors[question.id] ? message(errors[question.id] as string) : null} />
      ))}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('sending') : t('submit')}
        </button>
      </div>
    </form>
  )
}

function Legend({ question, number }: { question: SurveyQuestionView; number: number }) {
  const { t } = useTranslation('survey')
  return (
    <>
      <span className={styles.number}>{number}.</span> {question.text}
      {question.required ? (
        <>
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
          <span className="visually-hidden"> ({t('required')})</span>
        </>
      ) : null}
    </>
  )
}

function Question({ question, number, error }: { question: SurveyQuestionView; number: number; error: string | null }) {
  const { t } = useTranslation('survey')
  const field = `q${question.id}`
  const errorId = `${field}-error`
  const hintId = `${field}-hint`
  const errorText = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null

  if (question.kind === 'text') {
    return (
      <div id={`question-${question.id}`} className={`${styles.question} ${error ? styles.invalid : ''}`}>
        <label htmlFor={field} className={styles.legend}>
          <Legend question={question} number={number} />
        </label>
        <p id={hintId} className={styles.hint}>
          {t('textHint', { max: SURVEY_LIMITS.answerText })}
        </p>
        {errorText}
        <textarea
          id={field}
          name={field}
          rows={4}
          maxLength={SURVEY_LIMITS.answerText}
          className={styles.textarea}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          aria-required={question.required || undefined}
        />
      </div>
    )
  }

  const describedBy = [question.kind === 'multiple' ? hintId : null, question.kind === 'rating' ? `${field}-scale` : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <fieldset id={`question-${question.id}`} className={`${styles.question} ${error ? styles.invalid : ''}`} aria-describedby={describedBy || undefined}>
      <legend className={styles.legend}>
        <Legend question={question} number={number} />
      </legend>
      {question.kind === 'multiple' ? (
        <p id={hintId} className={styles.hint}>
          {t('multipleHint')}
        </p>
      ) : null}
      {errorText}
      {question.kind === 'rating' ? (
        <>
          <div className={styles.stars}>
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className={styles.star}>
                <input type="radio" name={field} value={stars} className={styles.starInput} />
                <span aria-hidden="true" className={styles.starGlyph}>
                  ★
                </span>
                <span className="visually-hidden">{t('rating.stars', { stars, max: SURVEY_LIMITS.ratingMax })}</span>
              </label>
            ))}
          </div>
          <p id={`${field}-scale`} className={styles.scale}>
            <span>{t('rating.low')}</span>
            <span>{t('rating.high')}</span>
          </p>
        </>
      ) : (
        <div className={styles.options}>
          {question.options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are answered by their place
            <label key={index} className={styles.option}>
              <input type={question.kind === 'single' ? 'radio' : 'checkbox'} name={field} value={index} />
              <span>{option}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}
