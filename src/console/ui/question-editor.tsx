import { Fragment, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { useConsoleShell } from '../console-state.ts'
import { localText } from '../lib/local-text.ts'
import { type Column, DataTable } from './data-table.tsx'
import { ConfirmDialog } from './dialog.tsx'
import { Alert, FormEnd } from './form-end.tsx'
import { MoveButtons } from './move-buttons.tsx'
import styles from './question-editor.module.css'
import { SelectField } from './select-field.tsx'
import { TableFrame } from './table-frame.tsx'
import ui from './ui.module.css'
import { textOf, useFormCall } from './use-form-call.ts'
import { movedIds, useListChange } from './use-list-change.ts'

/**
 * The one editor of an exhibition's own questions in the 12 languages (the survey's,
 * docs/product.md#survey, and the attendee form's, docs/product.md#ticket-questions): the ordered
 * list with its edit, move and delete, and the form of one question with its texts side by side.
 * Each screen names its words (the key prefix of its texts), its kinds and its text columns.
 */

/** A text column of the language grid: one line (with its length limit), or one choice a line. */
export type TextColumn = { maxLength: number; lines?: never } | { lines: true; maxLength?: never }
type TextsOf<C extends Record<string, TextColumn>> = Record<Locale, { [F in keyof C]: C[F] extends { lines: true } ? string[] : string }>

/** What the list and the form read of a question: its texts are each column's value per locale. */
export interface EditedQuestion<Kind extends string> {
  id: number
  kind: Kind
  required: boolean
  texts: Partial<Record<Locale, Partial<Record<string, string | readonly string[]>>>>
}

/** A question in the member's console language when written, else in English (which is required). */
export const questionText = (question: EditedQuestion<string>, language: ConsoleLanguage) =>
  localText(question.texts as Partial<Record<string, Partial<Record<'text', string>>>>, language, 'text') ?? ''

const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

interface QuestionFormProps<Kind extends string, C extends Record<string, TextColumn>, Q extends EditedQuestion<Kind>, Editor> {
  /** The key prefix of the screen's texts: `editQuestion`, `newQuestion`, `kind`, `kinds.<kind>`, `kindFixed`, `required`, `texts`, `textsCaption` (`textsCaption<Choices>` with the choices shown), `language`, `missing`, `save`, `cancel` and each column's name. */
  words: string
  /** Prefixes the form's title id. */
  idPrefix: string
  kinds: readonly Kind[]
  firstKind: Kind
  question: Q | null
  /** Once answers are in, a question keeps its kind. */
  answered: boolean
  /** The grid's columns after the language, in order; a `lines` column shows only for a kind with choices. */
  columns: C
  hasChoices(kind: Kind): boolean
  /** Checkboxes beside Required (each a `ui.choice` label). */
  flags?: ReactNode
  /** The kind's own fields between the flags and the grid; `fieldError` words a field's refusal. */
  fields?(kind: Kind, fieldError: (name: string) => string | undefined): ReactNode
  send(form: FormData, kind: Kind, texts: TextsOf<C>): Promise<Editor>
  onClose(): void
  onSaved(editor: Editor): void
}

/** One question with its texts in the 12 languages: a language without a text is marked missing, and its visitors read the nearest language that has one. */
export function QuestionForm<Kind extends string, C extends Record<string, TextColumn>, Q extends EditedQuestion<Kind>, Editor>(
  props: QuestionFormProps<Kind, C, Q, Editor>,
) {
  const { words, idPrefix, kinds, question, answered, columns, hasChoices, flags, fields, onClose } = props
  const { t } = useTranslation()
  const kindName = (value: string) => t(`${words}.kinds.${value}`)
  const [kind, setKind] = useState<Kind>(question?.kind ?? props.firstKind)
  const choice = hasChoices(kind)
  const shown = Object.entries(columns).filter(([, column]) => choice || !column.lines)
  const choicesName = Object.entries(columns).find(([, column]) => column.lines)?.[0] ?? ''
  const { busy, submit, fieldError, message } = useFormCall((form) => {
    const texts = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        Object.fromEntries(
          Object.entries(columns).map(([field, column]) => [
            field,
            column.lines ? (choice ? linesOf(String(form.get(`${field}.${locale}`) ?? '')) : []) : textOf(form, `${field}.${locale}`),
          ]),
        ),
      ]),
    ) as TextsOf<C>
    return props.send(form, kind, texts)
  }, props.onSaved)
  const titleId = question ? `${idPrefix}-${question.id}` : `${idPrefix}-new`
  return (
    <form className={`${ui.form} ${styles.editor}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{question ? t(`${words}.editQuestion`) : t(`${words}.newQuestion`)}</h3>
      {answered && question ? (
        <p className={ui.muted}>
          {t(`${words}.kind`)}: {kindName(question.kind)} — {t(`${words}.kindFixed`)}
        </p>
      ) : (
        <SelectField
          label={t(`${words}.kind`)}
          name="kind"
          defaultValue={kind}
          options={kinds.map((value) => [value, kindName(value)])}
          onChange={(value) => setKind(value as Kind)}
        />
      )}
      <div className={ui.choices}>
        <label className={ui.choice}>
          <input type="checkbox" name="required" defaultChecked={question?.required ?? false} />
          {t(`${words}.required`)}
        </label>
        {flags}
      </div>
      {fields?.(kind, fieldError)}
      <TableFrame label={t(`${words}.texts`)}>
        <table className={`${ui.table} ${styles.languages} ${Object.keys(columns).length === 2 ? styles.halves : ''}`}>
          <caption className={styles.caption}>
            {t(choice ? `${words}.textsCaption${choicesName.charAt(0).toUpperCase()}${choicesName.slice(1)}` : `${words}.textsCaption`)}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t(`${words}.language`)}</th>
              {shown.map(([field]) => (
                <th key={field} scope="col">
                  {t(`${words}.${field}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LOCALES.map((locale) => {
              const text = question?.texts[locale]
              return (
                <tr key={locale}>
                  <th scope="row" className={ui.nowrap}>
                    <span lang="en">{locale}</span>
                    {text?.text ? null : <div className={`${ui.badge} ${ui.badgeWarn}`}>{t(`${words}.missing`)}</div>}
                  </th>
                  {shown.map(([field, column]) => {
                    const error = fieldError(`texts.${locale}.${field}`)
                    const value = text?.[field]
                    const common = {
                      className: ui.input,
                      name: `${field}.${locale}`,
                      'aria-label': `${t(`${words}.${field}`)} (${locale})`,
                      'aria-invalid': error ? true : undefined,
                    }
                    return (
                      <td key={field}>
                        {column.lines ? (
                          <textarea {...common} defaultValue={Array.isArray(value) ? value.join('\n') : ''} rows={3} />
                        ) : (
                          <input {...common} defaultValue={typeof value === 'string' ? value : ''} maxLength={column.maxLength} />
                        )}
                        {error ? <p className={ui.fieldError}>{error}</p> : null}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableFrame>
      <FormEnd message={message} busy={busy} save={t(`${words}.save`)} cancel={t(`${words}.cancel`)} onCancel={onClose} />
    </form>
  )
}

interface Row<Q> {
  question: Q
  index: number
  text: string
}

interface QuestionListProps<Kind extends string, Q extends EditedQuestion<Kind>, Editor> {
  /** The key prefix of the screen's texts: `questions`, `none`, `text`, `kind`, `kinds.<kind>`, `requiredBadge`, `actions`, `edit`, `editNamed`, `upNamed`, `downNamed`, `delete`, `deleteConfirm`, `add`, `moved`, `deleted`, `saved`. */
  words: string
  /** The section heading's id. */
  headingId: string
  questions: readonly Q[]
  /** What the screen says above the list. */
  note?: ReactNode
  /** A question's badges after Required. */
  badges(question: Q): ReactNode
  /** Columns after the kind. */
  columns?: ReadonlyArray<Column<Row<Q>>>
  /** A question's buttons after Move; `run` sends one change as the list's own do. */
  actions?(question: Q, busy: boolean, run: (work: () => Promise<Editor>, status: string) => Promise<void>): ReactNode
  deletable(question: Q): boolean
  /** Whether Delete names its question to a screen reader (the words' `deleteNamed`). */
  deleteNamed?: boolean
  /** What the screen says above Add, and whether Add is held (the list is full). */
  addNote?: ReactNode
  addHeld?: boolean
  reorder(ids: number[]): Promise<Editor>
  remove(question: Q): Promise<Editor>
  /** The form of the question being edited (null: a new one). */
  form(question: Q | null, close: () => void, saved: (editor: Editor) => void): ReactNode
  onChanged(editor: Editor, status: string): void
}

/** The questions in their order: edit, move up or down, delete where the screen allows, add. */
export function QuestionList<Kind extends string, Q extends EditedQuestion<Kind>, Editor>(props: QuestionListProps<Kind, Q, Editor>) {
  const { words, headingId, questions, onChanged } = props
  const { t } = useTranslation()
  const kindName = (value: string) => t(`${words}.kinds.${value}`)
  const { language } = useConsoleShell()
  const [editing, setEditing] = useState<Q | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Q | null>(null)
  const { busy, error, run } = useListChange(onChanged)

  const move = (index: number, by: -1 | 1) =>
    run(
      () =>
        props.reorder(
          movedIds(
            questions.map((question) => question.id),
            index,
            by,
          ),
        ),
      t(`${words}.moved`),
    )
  const last = questions.length - 1
  const rows: Array<Row<Q>> = questions.map((question, index) => ({ question, index, text: questionText(question, language) }))
  const columns: Array<Column<Row<Q>>> = [
    { header: '#', cell: (row) => row.index + 1 },
    {
      header: t(`${words}.text`),
      cell: ({ question, text }) => (
        <div>
          {text}
          <div>
            {question.required ? <span className={ui.badge}>{t(`${words}.requiredBadge`)}</span> : null} {props.badges(question)}
          </div>
        </div>
      ),
    },
    { header: t(`${words}.kind`), className: ui.nowrap, cell: (row) => kindName(row.question.kind) },
    ...(props.columns ?? []),
    {
      header: t(`${words}.actions`),
      actions: true,
      cell: ({ question, index, text }) => (
        <div className={ui.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            onClick={() => setEditing(question)}
            aria-label={t(`${words}.editNamed`, { question: text })}
          >
            {t(`${words}.edit`)}
          </button>
          <MoveButtons
            index={index}
            last={last}
            busy={busy}
            upLabel={t(`${words}.upNamed`, { question: text })}
            downLabel={t(`${words}.downNamed`, { question: text })}
            onMove={(by) => void move(index, by)}
          />
          {props.actions?.(question, busy, run)}
          {props.deletable(question) ? (
            <button
              type="button"
              className={`${ui.button} ${ui.small} ${ui.danger}`}
              disabled={busy}
              onClick={() => setDeleting(question)}
              aria-label={props.deleteNamed ? t(`${words}.deleteNamed`, { question: text }) : undefined}
            >
              {t(`${words}.delete`)}
            </button>
          ) : null}
        </div>
      ),
    },
  ]
  return (
    <section className={ui.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={ui.panelTitle}>
        {t(`${words}.questions`)}
      </h2>
      {props.note}
      <DataTable label={t(`${words}.questions`)} columns={columns} rows={rows} rowKey={(row) => row.question.id} empty={t(`${words}.none`)} />
      <Alert message={error} />
      {editing ? (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {props.form(
            editing === 'new' ? null : editing,
            () => setEditing(null),
            (next) => {
              setEditing(null)
              onChanged(next, t(`${words}.saved`))
            },
          )}
        </Fragment>
      ) : (
        <div>
          {props.addNote}
          <button type="button" className={ui.button} disabled={props.addHeld} onClick={() => setEditing('new')}>
            {t(`${words}.add`)}
          </button>
        </div>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t(`${words}.delete`)}
          message={t(`${words}.deleteConfirm`, { question: questionText(deleting, language) })}
          confirmLabel={t(`${words}.delete`)}
          danger
          onConfirm={() => run(() => props.remove(deleting), t(`${words}.deleted`))}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  )
}
