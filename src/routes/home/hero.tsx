import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { FOUNDED } from '../../components/company-figures/company-figures.ts'
import { AdvertCarousel } from './advert-carousel.tsx'
import type { AdvertSlide } from './home-data.ts'
import styles from './home.module.css'

/** The top of the home page: what the brand does, its two main ways in, and the adverts beside them. */
export function Hero({ adverts }: { adverts: AdvertSlide[] }) {
  const { t } = useTranslation('home')
  const site = useSite()
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div className={`${styles.heroInner} ${adverts.length ? styles.withAdverts : ''}`}>
        <div className={styles.intro}>
          <p className={styles.eyebrow}>{t('hero.eyebrow', { year: FOUNDED })}</p>
          <h1 id="home-hero-title" className={styles.heroTitle}>
            {t('hero.title')}
          </h1>
          <p className={styles.heroText}>{t('hero.text', { brand: site.config.brandName })}</p>
          <div className={styles.heroActions}>
            <Link to={`/${site.lang}/brandExhibition.html`} className={styles.primary}>
              {t('hero.exhibitions')}
            </Link>
            <Link to={`/${site.lang}/verify.html`} className={styles.secondary}>
              {t('hero.verify')}
            </Link>
          </div>
        </div>
        {adverts.length ? <AdvertCarousel adverts={adverts} /> : null}
      </div>
    </section>
  )
}
