import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import styles from './demo-banner.module.css'

/**
 * While the database holds demo content, every page says so: a visitor must never take the sample
 * organiser's exhibitions, contacts or wallet addresses for a real one's
 * (docs/decisions/0013-demo-content-and-going-live.md).
 */
export function DemoBanner() {
  const { t } = useTranslation('common')
  const site = useSite()
  if (!site.demoContent) return null
  return (
    <p className={styles.banner} role="note" data-testid="demo-banner">
      {t('demoBanner')}
    </p>
  )
}
