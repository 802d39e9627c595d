import { useTranslation } from 'react-i18next'
import type { ExhibitorSummary } from '../../api/exhibitors.ts'
import { useSite } from '../../app-state.ts'
import { formatDateRange } from '../../components/event-dates/format.ts'
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
