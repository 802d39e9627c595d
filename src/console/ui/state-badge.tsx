import { useTranslation } from 'react-i18next'
import own from './state-badge.module.css'
import styles from './ui.module.css'

const TONE: Record<string, string | undefined> = {
  paid: styles.badgeGood,
  succeeded: styles.badgeGood,
  pending: styles.badgeWarn,
  processing: styles.badgeWarn,
  requested: styles.badgeWarn,
  cancelled: styles.badgeOff,
  expired: styles.badgeOff,
  failed: own.failed,
}

/** An order's or a refund's state as a small coloured label (`orders.state.*`). */
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation()
  return <span className={`${styles.badge} ${TONE[state] ?? ''}`}>{t(`orders.state.${state}`)}</span>
}
