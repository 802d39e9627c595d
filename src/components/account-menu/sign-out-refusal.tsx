import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import type { WaitingWork } from '../../lib/sign-out-guards.ts'
import styles from './account-menu.module.css'

/**
 * Sign-out refused (docs/product.md#leads-offline): scans made offline on this phone would be lost, so
 * the member is told how many and sent back to where they go out. Words of the `account` namespace.
 */
export function SignOutRefusal({ waiting, onLeave }: { waiting: readonly WaitingWork[]; onLeave?: () => void }) {
  const { t } = useTranslation('account')
  const site = useSite()
  const count = waiting.reduce((sum, work) => sum + work.count, 0)
  return (
    <div className={styles.refusal} role="alert">
      <p>{t('menu.workWaiting', { count })}</p>
      {waiting.map((work) => (
        <Link key={work.path} to={`/${site.lang}/${work.path}`} className={styles.refusalLink} onClick={onLeave}>
          {t('menu.sendWaiting')}
        </Link>
      ))}
    </div>
  )
}
