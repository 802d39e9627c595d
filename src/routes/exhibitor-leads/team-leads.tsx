import { useTranslation } from 'react-i18next'
import type { LeadQuestion, LeadView } from '../../api/leads.ts'
import { LEAD_RATINGS } from '../../../shared/rules/leads.ts'
import { LeadWho } from './lead-card.tsx'
import styles from './leads.module.css'
import own from './qualify.module.css'
import { type LeadFilters, NO_FILTERS, type useTeamList } from './use-team-list.ts'

type Team = ReturnType<typeof useTeamList>

/** An answer as the team reads it: yes / no in the reader's language, the rest as typed or chosen. */
export function useAnswerText() {
  const { t } = useTranslation('leads')
  return (value: string | boolean) => (typeof value === 'boolean' ? t(value ? 'answers.yes' : 'answers.no') : value)
}

/**
 * The team's leads (docs/product.md#lead-team-view): who scanned and when, the search and filters the
 * server applies, pages of 50 with "Show more", and the exports.
 */
export function TeamLeads({
  team,
  act,
  onEdit,
  onExport,
}: {
  team: Team
  act(action: () => Promise<unknown>): Promise<void>
  onEdit(lead: LeadView): void
  onExport(format: 'csv' | 'xlsx'): void
}) {
  const { t } = useTranslation('leads')
  const { list, filters } = team
  const apply = (next: LeadFilters) => void act(() => team.reload(next))
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS)
  return (
    <section className={styles.card} aria-labelledby="leads-list-title">
      <h2 id="leads-list-title" className={styles.cardTitle}>
        {t('list.heading')}
      </h2>
      <p className={styles.meta}>{t('list.summary', { count: list.total, scans: list.scans })}</p>
      <Filters team={team} apply={apply} />
      <p className={styles.meta} role="status">
        {filtered || list.next ? t('list.matching', { count: list.matching, shown: list.items.length }) : null}
      </p>
      {filtered ? (
        <button type="button" className={styles.secondary} onClick={() => apply(NO_FILTERS)}>
          {t('list.clearFilters')}
        </button>
      ) : null}
      {list.items.length ? (
        <ul className={styles.items} data-testid="lead-list">
          {list.items.map((lead) => (
            <li key={lead.id} className={styles.item}>
              <LeadWho lead={lead} />
              <p className={styles.meta}>
                {lead.rating ? <span className={`${styles.badge} ${styles[lead.rating]}`}>{t(`ratings.${lead.rating}`)}</span> : null}
                {lead.tags.map((tag) => (
                  <span key={tag} className={styles.tag}>
                    {tag}
                  </span>
                ))}
              </p>
              <Answers lead={lead} questions={list.questions} />
              {lead.notes ? <p className={styles.notes}>{lead.notes}</p> : null}
              <p className={styles.meta}>
                {t('list.scannedBy', { who: lead.scannedBy ?? t('list.someone'), when: lead.scannedAtVenue })} · {t('list.scans', { count: lead.scans })}
              </p>
              <button type="button" className={styles.secondary} onClick={() => onEdit(lead)}>
                {t('qualify.edit')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('list.empty')}</p>
      )}
      {list.next ? (
        <button type="button" className={styles.secondary} onClick={() => void act(team.more)}>
          {t('list.more')}
        </button>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => onExport('csv')}>
          {t('download.csv')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => onExport('xlsx')}>
          {t('download.xlsx')}
        </button>
      </div>
    </section>
  )
}

function Answers({ lead, questions }: { lead: LeadView; questions: readonly LeadQuestion[] }) {
  const { t } = useTranslation('leads')
  const answerText = useAnswerText()
  const shown = questions.flatMap((question) => {
    const answer = lead.answers.find((item) => item.questionId === question.id)
    return answer ? [{ question, value: answerText(answer.value) }] : []
  })
  if (!shown.length) return null
  return (
    <ul className={own.answers}>
      {shown.map(({ question, value }) => (
        <li key={question.id}>{t('list.answer', { question: question.label, answer: value })}</li>
      ))}
    </ul>
  )
}

function Filters({ team, apply }: { team: Team; apply(next: LeadFilters): void }) {
  const { t } = useTranslation('leads')
  const { list, filters } = team
  const asked = list.questions.filter((question) => question.kind !== 'text')
  const more = [filters.tag, filters.scannedBy, ...Object.values(filters.answers)].filter(Boolean).length
  const answer = (questionId: number, value: string) => apply({ ...filters, answers: { ...filters.answers, [questionId]: value } })
  return (
    <form
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault()
        const search = new FormData(event.currentTarget).get('search')
        apply({ ...filters, search: typeof search === 'string' ? search : '' })
      }}
    >
      <label className={styles.label} htmlFor="leads-search">
        {t('list.search')}
      </label>
      <div className={own.searchRow}>
        <input id="leads-search" name="search" type="search" className={styles.input} defaultValue={filters.search} key={filters.search} maxLength={80} />
        <button type="submit" className={styles.secondary}>
          {t('list.searchButton')}
        </button>
      </div>
      <label className={styles.label} htmlFor="leads-rating">
        {t('list.rating')}
      </label>
      <select
        id="leads-rating"
        className={styles.input}
        value={filters.rating}
        onChange={(event) => apply({ ...filters, rating: event.target.value as LeadFilters['rating'] })}
      >
        <option value="">{t('list.all')}</option>
        {LEAD_RATINGS.map((value) => (
          <option key={value} value={value}>
            {t(`ratings.${value}`)}
          </option>
        ))}
        <option value="none">{t('list.none')}</option>
      </select>
      {list.tags.length || list.scanners.length || asked.length ? (
        <details className={own.more} open={more > 0 || undefined}>
          <summary className={own.summary}>{more ? t('list.moreFiltersOn', { count: more }) : t('list.moreFilters')}</summary>
          <div className={styles.filters}>
            {list.tags.length ? (
              <Choice id="leads-tag" label={t('list.tag')} value={filters.tag} options={list.tags} onChange={(tag) => apply({ ...filters, tag })} />
            ) : null}
            {list.scanners.length ? (
              <Choice
                id="leads-scanned-by"
                label={t('list.scannedByFilter')}
                value={filters.scannedBy}
                options={list.scanners.map((member) => ({ value: member.accountId, label: member.nick }))}
                onChange={(scannedBy) => apply({ ...filters, scannedBy })}
              />
            ) : null}
            {asked.map((question) => (
              <Choice
                key={question.id}
                id={`leads-answer-${question.id}`}
                label={question.label}
                value={filters.answers[question.id] ?? ''}
                options={
                  question.kind === 'yesno'
                    ? [
                        { value: 'yes', label: t('answers.yes') },
                        { value: 'no', label: t('answers.no') },
                      ]
                    : question.options
                }
                onChange={(value) => answer(question.id, value)}
              />
            ))}
          </div>
        </details>
      ) : null}
    </form>
  )
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  value: string
  options: readonly (string | { value: string; label: string })[]
  onChange(value: string): void
}) {
  const { t } = useTranslation('leads')
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('list.all')}</option>
        {options.map((option) => {
          const item = typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          )
        })}
      </select>
    </>
  )
}
