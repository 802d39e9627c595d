import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import styles from './about.module.css'

/** Why visitors can trust the brand, and where to check that a channel is really ours. */
export function TrustSection() {
  const { t } = useTranslation('about')
  const site = useSite()
  const brand = site.config.brandName
  return (
    <section className={`container ${styles.block}`} aria-labelledby="about-trust">
      <h2 id="about-trust" className={styles.heading}>
        {t('trust.title')}
      </h2>
      <div className={styles.trust}>
        <ul className={styles.promises}>
          <li>{t('trust.free')}</li>
          <li>{t('trust.payments')}</li>
          <li>{t('trust.channels', { brand })}</li>
        </ul>
        <div className={styles.verifyBox}>
          <p>{t('trust.verifyText')}</p>
          <Link to={`/${site.lang}/verify.html`} className={styles.primary}>
            {t('trust.verifyLink')}
          </Link>
        </div>
      </div>
    </section>
  )
}
