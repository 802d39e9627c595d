import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import styles from './about.module.css'

const OFFERS = [
  { key: 'exhibitions', path: 'brandExhibition.html' },
  { key: 'salons', path: 'brandExhibition.html?type=salon' },
  { key: 'media', path: 'exhibition/news.html' },
] as const

/** What the brand offers, each with a link to where it is. */
export function OffersSection() {
  const { t } = useTranslation('about')
  const site = useSite()
  const brand = site.config.brandName
  return (
    <section className={`container ${styles.block}`} aria-labelledby="about-offers">
      <h2 id="about-offers" className={styles.heading}>
        {t('offers.title')}
      </h2>
      <ul className={styles.offers}>
        {OFFERS.map((offer) => (
          <li key={offer.key} className={styles.offer}>
            <h3 className={styles.offerTitle}>{t(`offers.${offer.key}.title`)}</h3>
            <p>{t(`offers.${offer.key}.text`, { brand })}</p>
            <Link to={`/${site.lang}/${offer.path}`} className={styles.offerLink}>
              {t(`offers.${offer.key}.link`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
