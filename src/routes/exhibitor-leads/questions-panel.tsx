import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import { type LeadQuestion, moveLeadQuestion, removeLeadQuestion, saveLeadQuestion } from '../../api/leads.ts'
import { useGateway } from '../../app-state.ts'
import { LEAD_LIMITS, LEAD_QUESTION_KINDS, type LeadQuestionKind } from '../../../shared/rules/leads.ts'
import styles from './leads.module.css'
import own from './qualify.module.css'

type Editing = { questionId?: number; kind: LeadQuestionKind; label: string; options: string } | null

/** A refusal's message and its fields (label, options, options.N), as the form shows them. */
function useRefusal() {
  const { t } = useTranslation('leads')
  return (error: unknown): { message: string; fields: Record<string, string> } => {
    if (!(error instanceof GatewayError)) return { message: t('common:errors.unexpected'), fields: {} }
    const say = (code: string) => (code.includes(':') ? t(code) : t(`common:${code}`))
    const fields: Record<string, string> = {}
    for (const [field, code] of Object.entries(error.fields)) fields[field.startsWith('options') ? 'options' : field] ??= say(code)
    return { message: say(error.code), fields }
  }
}

/**
 * The questions of docs/product.md#lead-questions: an admin adds, edits, moves and removes them (a
 * removal asks first: the answers go too); a staff member reads them.
 */
export function QuestionsPanel({
  exhibitorId,
  role,
  questions,
  onChange,
}: {
  exhibitorId: number
  role: 'admin' | 'staff'
  questions: LeadQuestion[]
  onChange(questions: LeadQuestion[]): void
}) {
  const { t } = useTranslation('leads')
  const gateway = useGateway()
  const refusal = useRefusal()
  const [editing, setEditing] = useState<Editing>(null)
  const [removing, setRemoving] = useState<number | null>(null)
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null)
  const [pending, setPending] = useState(false)
  const admin = role === 'admin'
  const listId = useId()

  const run = async (call: () => Promise<{ questions: LeadQuestion[] }>, done?: () => void) => {
    if (pending) return
    setPending(true)
    setProblem(null)
    try {
      onChange((await call()).questions)
      done?.()
    } catch (error) {
      setProblem(refusal(error))
    } finally {
      setPending(false)
    }
  }

  return (
    <div className={styles.form}>
      {admin ? null : <p className={styles.muted}>{t('questions.adminsOnly')}</p>}
      {questions.length ? (
        <ol className={own.questions} data-testid="lead-questions">
          {questions.map((question, index) => (
            <li key={question.id} className={own.question}>
              <p id={`${listId}-${question.id}`} className={own.questionLabel}>
                {question.label}
              </p>
              <p className={styles.meta}>
                {t(`questions.kinds.${question.kind}`)}
                {question.options.length ? ` · ${question.options.join(' / ')}` : ''}
              </p>
              {admin && removing === question.id ? (
                <ConfirmRemove
                  label={question.label}
                  onRemove={() =>
                    void run(
                      () => gateway.call(removeLeadQuestion, { exhibitorId, questionId: question.id }),
                      () => setRemoving(null),
                    )
                  }
                  onKeep={() => setRemoving(null)}
                />
              ) : admin ? (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-describedby={`${listId}-${question.id}`}
                    onClick={() => {
                      setProblem(null)
                      setEditing({ questionId: question.id, kind: question.kind, label: question.label, options: question.options.join('\n') })
                    }}
                  >
                    {t('questions.edit')}
                  </button>
                  {index > 0 ? (
                    <button
                      type="button"
                      className={styles.secondary}
                      aria-describedby={`${listId}-${question.id}`}
                      onClick={() => void run(() => gateway.call(moveLeadQuestion, { exhibitorId, questionId: question.id, direction: 'up' }))}
                    >
                      {t('questions.moveUp')}
                    </button>
                  ) : null}
                  {index < questions.length - 1 ? (
                    <button
                      type="button"
                      className={styles.secondary}
                      aria-describedby={`${listId}-${question.id}`}
                      onClick={() => void run(() => gateway.call(moveLeadQuestion, { exhibitorId, questionId: question.id, direction: 'down' }))}
                    >
                      {t('questions.moveDown')}
                    </button>
                  ) : null}
                  <button type="button" className={styles.secondary} aria-describedby={`${listId}-${question.id}`} onClick={() => setRemoving(question.id)}>
                    {t('questions.remove')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.muted}>{t('questions.empty')}</p>
      )}
      {problem && !editing ? (
        <p className={styles.alert} role="alert">
          {problem.message}
        </p>
      ) : null}
      {admin && editing ? (
        <QuestionForm
          editing={editing}
          problem={problem}
          onChange={setEditing}
          onCancel={() => {
            setEditing(null)
            setProblem(null)
          }}
          onSubmit={() =>
            void run(
              () =>
                gateway.call(saveLeadQuestion, {
                  exhibitorId,
                  questionId: editing.questionId,
                  kind: editing.kind,
                  label: editing.label,
                  options:
                    editing.kind === 'choice'
                      ? editing.options
                          .split('\n')
                          .map((option) => option.trim())
                          .filter(Boolean)
                      : [],
                }),
              () => setEditing(null),
            )
          }
        />
      ) : null}
      {admin && !editing && questions.length < LEAD_LIMITS.questions ? (
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            setProblem(null)
            setEditing({ kind: 'choice', label: '', options: '' })
          }}
        >
          {t('questions.add')}
        </button>
      ) : null}
      {admin && questions.length >= LEAD_LIMITS.questions ? <p className={styles.muted}>{t('errors.tooManyQuestions')}</p> : null}
    </div>
  )
}

/** Asks before a removal takes every answer with it; the safe choice has the focus. */
function ConfirmRemove({ label, onRemove, onKeep }: { label: string; onRemove(): void; onKeep(): void }) {
  const { t } = useTranslation('leads')
  const id = useId()
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => keep.current?.focus(), [])
  return (
    <div className={styles.actions}>
      <p id={id} className={styles.muted}>
        {t('questions.confirmRemove', { label })}
      </p>
      <button type="button" className={styles.primary} aria-describedby={id} onClick={onRemove}>
        {t('questions.remove')}
      </button>
      <button ref={keep} type="button" className={styles.secondary} onClick={onKeep}>
        {t('questions.keep')}
      </button>
    </div>
  )
}

function QuestionForm({
  editing,
  problem,
  onChange,
  onCancel,
  onSubmit,
}: {
  editing: NonNullable<Editing>
  problem: { message: string; fields: Record<string, string> } | null
  onChange(editing: Editing): void
  onCancel(): void
  onSubmit(): void
}) {
  const { t } = useTranslation('leads')
  const id = useId()
  const labelField = useRef<HTMLInputElement>(null)
  // Opening the form (Add, or Edit on a question) takes the focus to what is typed first.
  useEffect(() => labelField.current?.focus(), [])
  const fieldProblem = (field: string) => problem?.fields[field]
  const described = (field: string) => (fieldProblem(field) ? `${id}-${field}-problem` : undefined)
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <h3 id={`${id}-title`} className={styles.label}>
        {editing.questionId ? t('questions.editTitle') : t('questions.add')}
      </h3>
      {problem && !Object.keys(problem.fields).length ? (
        <p className={styles.alert} role="alert">
          {problem.message}
        </p>
      ) : null}
      <label className={styles.label} htmlFor={`${id}-kind`}>
        {t('questions.kind')}
      </label>
      <select
        id={`${id}-kind`}
        className={styles.input}
        value={editing.kind}
        onChange={(event) => onChange({ ...editing, kind: event.target.value as LeadQuestionKind })}
        aria-describedby={editing.questionId ? `${id}-kind-hint` : undefined}
      >
        {LEAD_QUESTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`questions.kinds.${kind}`)}
          </option>
        ))}
      </select>
      {editing.questionId ? (
        <p id={`${id}-kind-hint`} className={styles.muted}>
          {t('questions.changeHint')}
        </p>
      ) : null}
      <label className={styles.label} htmlFor={`${id}-label`}>
        {t('questions.label')}
      </label>
      <input
        ref={labelField}
        id={`${id}-label`}
        className={styles.input}
        value={editing.label}
        onChange={(event) => onChange({ ...editing, label: event.target.value })}
        maxLength={LEAD_LIMITS.question}
        aria-invalid={fieldProblem('label') ? true : undefined}
        aria-describedby={described('label')}
      />
      {fieldProblem('label') ? (
        <p id={described('label')} className={own.problem} role="alert">
          {fieldProblem('label')}
        </p>
      ) : null}
      {editing.kind === 'choice' ? (
        <>
          <label className={styles.label} htmlFor={`${id}-options`}>
            {t('questions.options')}
          </label>
          <textarea
            id={`${id}-options`}
            className={styles.textarea}
            value={editing.options}
            onChange={(event) => onChange({ ...editing, options: event.target.value })}
            rows={4}
            aria-invalid={fieldProblem('options') ? true : undefined}
            aria-describedby={[`${id}-options-hint`, described('options')].filter(Boolean).join(' ')}
          />
          <p id={`${id}-options-hint`} className={styles.muted}>
            {t('questions.optionsHint')}
          </p>
          {fieldProblem('options') ? (
            <p id={described('options')} className={own.problem} role="alert">
              {fieldProblem('options')}
            </p>
          ) : null}
        </>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {t('questions.save')}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('questions.cancel')}
        </button>
      </div>
    </form>
  )
}
