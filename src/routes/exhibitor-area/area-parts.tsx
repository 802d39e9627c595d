import { useTranslation } from 'react-i18next'
import type { ExhibitorSummary } from '../../api/exhibitors.ts'
import { useSite } from '../../app-state.ts'
import { formatDateRange } from '../../components/event-dates/format.ts'
import { dateFormat } from '../../i18n/intl.ts'
import styles from './exhibitor-area.module.css'

type Exhibition = ExhibitorSummary['exhibition']

/** "Bangkok · 21–23 November 2026": the exhibition's city and its days at the venue. */
export function ExhibitionLine({ exhibition, className }: { exhibition: Exhibition; className?: string }) {
  const site = useSite()
  return (
    <p className={className ?? styles.meta}>
      {exhibition.city}
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, </span>
      {formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)}
    </p>
  )
}

/** The member's role, and a withdrawn exhibitor marked as such. */
export function Badges({ role, status }: { role: ExhibitorSummary['role']; status?: ExhibitorSummary['status'] }) {
  const { t } = useTranslation('exhibitor')
  return (
    <span className={styles.badges}>
      <span className={`${styles.badge} ${role === 'admin' ? styles.badgeAdmin : ''}`}>{t(`roles.${role}`)}</span>
      {status === 'withdrawn' ? <span className={`${styles.badge} ${styles.badgeWithdrawn}`}>{t('area.withdrawn')}</span> : null}
    </span>
  )
}

/** What a part's last action did (a polite status, kept in the page so it is announced) or why it failed (an alert). */
export function ActionStatus({ notice, problem }: { notice: string; problem: string | null }) {
  return (
    <>
      <p className={styles.status} role="status">
        {notice}
      </p>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  )
}

/** A day as the area's texts and its mails write it (long form, the day in UTC; no narrow spaces, which some fonts lack). */
export const longDate = (at: Date, htmlLang: string) =>
  dateFormat(htmlLang, { dateStyle: 'long', timeZone: 'UTC' })
    .format(at)
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
