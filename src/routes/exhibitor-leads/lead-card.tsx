import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LeadQuestion, LeadView } from '../../api/leads.ts'
import { displayName } from '../../../shared/rules/names.ts'
import { LEAD_RATINGS, type LeadAnswerValue, type LeadRating } from '../../../shared/rules/leads.ts'
import { type AnswerDraft, answersOf, draftOf, LeadAnswers } from './lead-answers.tsx'
import styles from './leads.module.css'

/** Who the lead is, as far as they share it (docs/product.md#leads). */
export function LeadWho({ lead }: { lead: LeadView }) {
  const { t } = useTranslation('leads')
  const name = lead.firstName !== null ? displayName({ first: lead.firstName, last: lead.lastName ?? '' }) : null
  return (
    <div className={styles.who}>
      <p className={styles.name}>{name ?? t('anonymous')}</p>
      {lead.company || lead.jobTitle ? <p className={styles.contact}>{[lead.jobTitle, lead.company].filter(Boolean).join(' · ')}</p> : null}
      {lead.email ? <p className={styles.contact}>{lead.email}</p> : null}
      {lead.phone ? <p className={styles.contact}>{lead.phone}</p> : null}
      <p className={styles.meta}>
        {lead.shares.length ? t('list.shares', { fields: lead.shares.map((field) => t(`fields.${field}`)).join(', ') }) : t('list.sharesNothing')}
      </p>
    </div>
  )
}

export interface Qualification {
  rating: LeadRating | null
  tags: string[]
  notes: string
  answers: { questionId: number; value: LeadAnswerValue }[]
}

/** The lead just scanned (or picked from the list), rated, tagged and noted at once. */
export function LeadCard({
  lead,
  questions,
  heading,
  status,
  pending,
  onSave,
  waiting = false,
}: {
  lead: LeadView
  questions: readonly LeadQuestion[]
  /** Still on the phone (docs/product.md#leads-offline): who it is comes with the sync. */
  waiting?: boolean
  heading: string
  status: string | null
  pending: boolean
  onSave(values: Qualification): void
}) {
  const { t } = useTranslation('leads')
  const id = useId()
  const [rating, setRating] = useState<LeadRating | null>(lead.rating)
  const [tags, setTags] = useState(lead.tags.join(', '))
  const [notes, setNotes] = useState(lead.notes)
  const [draft, setDraft] = useState<AnswerDraft>(() => draftOf(lead))
  const [problems, setProblems] = useState<Record<number, string>>({})
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {heading}
      </h2>
      {status ? (
        <p className={styles.status} role="status">
          {status}
        </p>
      ) : null}
      {waiting ? <p className={styles.muted}>{t('offline.who')}</p> : <LeadWho lead={lead} />}
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const given = answersOf(questions, draft)
          setProblems(given.problems)
          if (Object.keys(given.problems).length) return
          onSave({
            rating,
            tags: tags
              .split(/[,，、]/)
              .map((tag) => tag.trim())
              .filter(Boolean),
            notes,
            answers: given.answers,
          })
        }}
      >
        <fieldset className={styles.ratings}>
          <legend className={styles.label}>{t('qualify.rating')}</legend>
          {LEAD_RATINGS.map((value) => (
            <label key={value} className={`${styles.rating} ${styles[value]}`}>
              <input type="radio" name={`${id}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} />
              {t(`ratings.${value}`)}
            </label>
          ))}
        </fieldset>
        <LeadAnswers
          idPrefix={id}
          questions={questions}
          draft={draft}
          problems={problems}
          onChange={(questionId, value) => setDraft((current) => ({ ...current, [questionId]: value }))}
        />
        <label className={styles.label} htmlFor={`${id}-tags`}>
          {t('qualify.tags')}
        </label>
        <input
          id={`${id}-tags`}
          className={styles.input}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          aria-describedby={`${id}-tags-hint`}
          maxLength={400}
        />
        <p id={`${id}-tags-hint`} className={styles.muted}>
          {t('qualify.tagsHint')}
        </p>
        <label className={styles.label} htmlFor={`${id}-notes`}>
          {t('qualify.notes')}
        </label>
        <textarea id={`${id}-notes`} className={styles.textarea} value={notes} onChange={(event) => setNotes(event.target.value)} rows={3} maxLength={2000} />
        <button type="submit" className={styles.primary} aria-disabled={pending ? true : undefined}>
          {t('qualify.save')}
        </button>
      </form>
    </section>
  )
}
