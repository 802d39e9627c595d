import { useTranslation } from 'react-i18next'
import type { BadgeRole } from '../../../../shared/rules/badges.ts'
import type { CheckinOutcome } from '../../../../shared/rules/console-checkin.ts'
import type { DoorScan } from './door-model.ts'
import styles from './checkin.module.css'

/** Let in, look again, or refuse: the colour is never the only sign, each has its icon and its words. */
const LOOK: Record<CheckinOutcome, { tone: 'good' | 'warn' | 'bad'; icon: string }> = {
  checkedIn: { tone: 'good', icon: '✓' },
  already: { tone: 'warn', icon: '!' },
  forged: { tone: 'bad', icon: '✕' },
  wrongExhibition: { tone: 'bad', icon: '✕' },
  refunded: { tone: 'bad', icon: '✕' },
  cancelled: { tone: 'bad', icon: '✕' },
  unknown: { tone: 'bad', icon: '?' },
}

/** The band of each badge role, in the badge's own colours. */
export const ROLE_BAND: Record<BadgeRole, string | undefined> = {
  visitor: styles.roleVisitor,
  exhibitor: styles.roleExhibitor,
  speaker: styles.roleSpeaker,
  press: styles.rolePress,
  staff: styles.roleStaff,
  vip: styles.roleVip,
}

export const isGood = (outcome: CheckinOutcome) => outcome === 'checkedIn'

/** A time at the door, in the exhibition's own time zone. */
export function doorTime(iso: string, timeZone: string, locale: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const sameDay = new Date().toDateString() === date.toDateString()
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
}

/** The answer to the last scan, big enough to read at arm's length. */
export function Answer({ scan, deviceId, timeZone, locale }: { scan: DoorScan | null; deviceId: string; timeZone: string; locale: string }) {
  const { t } = useTranslation()
  if (!scan) {
    return (
      <div className={`${styles.answer} ${styles.idle}`} role="status">
        <p className={styles.answerTitle}>{t('checkin.answer.ready')}</p>
      </div>
    )
  }
  const look = LOOK[scan.outcome]
  const first = scan.first
  return (
    <div className={`${styles.answer} ${styles[look.tone]}`} role="status" data-outcome={scan.outcome}>
      <span className={styles.icon} aria-hidden="true">
        {look.icon}
      </span>
      <div>
        <p className={styles.answerTitle}>{t(`checkin.outcome.${scan.outcome}`)}</p>
        {scan.name ? (
          <p className={styles.answerName}>
            {scan.name}
            {scan.ticketType && !scan.company ? <span className={styles.answerType}> · {scan.ticketType}</span> : null}
          </p>
        ) : null}
        {scan.name && (scan.jobTitle || scan.holderCompany) ? (
          <p className={styles.answerDetail}>{[scan.jobTitle, scan.holderCompany].filter(Boolean).join(' · ')}</p>
        ) : null}
        {scan.role ? (
          <p className={`${styles.roleBand} ${ROLE_BAND[scan.role]}`} data-role={scan.role}>
            {scan.company ? t('checkin.answer.exhibitor', { company: scan.company }) : t(`badges.roles.${scan.role}`)}
          </p>
        ) : scan.company ? (
          <p className={styles.answerRole}>{t('checkin.answer.exhibitor', { company: scan.company })}</p>
        ) : null}
        <p className={styles.answerDetail}>{t(`checkin.advice.${scan.outcome}`)}</p>
        {scan.outcome === 'already' && first ? (
          <p className={styles.answerDetail}>
            {t('checkin.answer.first', {
              time: doorTime(first.at, timeZone, locale),
              gate: first.gate,
              device: first.deviceId === deviceId ? t('checkin.answer.thisDevice') : first.deviceId.slice(0, 8),
            })}
            {first.staffName ? ` ${t('checkin.answer.by', { name: first.staffName })}` : ''}
          </p>
        ) : null}
        {scan.synced ? null : <p className={styles.answerNote}>{t('checkin.answer.notSynced')}</p>}
      </div>
    </div>
  )
}
