import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import styles from './about.module.css'

/** The addresses to write to, and the way to apply as an exhibitor. */
export function ContactSection() {
  const { t } = useTranslation('about')
  const site = useSite()
  return (
    <section className={`container ${styles.block}`} aria-labelledby="about-contact">
      <h2 id="about-contact" className={styles.heading}>
        {t('contact.title')}
      </h2>
      <dl className={styles.contact}>
        <div>
          <dt>{t('contact.general')}</dt>
          <dd>
            <a href={`mailto:${site.config.contactEmail}`}>{site.config.contactEmail}</a>
          </dd>
        </div>
        <div>
          <dt>{t('contact.quality')}</dt>
          <dd>
            <a href={`mailto:${site.config.qaEmail}`}>{site.config.qaEmail}</a>
          </dd>
        </div>
        <div>
          <dt>{t('contact.exhibit')}</dt>
          <dd>
            <Link to={`/${site.lang}/apply`}>{t('contact.apply')}</Link>
          </dd>
        </div>
      </dl>
    </section>
  )
}
