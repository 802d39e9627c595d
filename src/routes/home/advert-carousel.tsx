import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { Carousel } from '../../components/carousel/carousel.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import type { AdvertSlide } from './home-data.ts'
import styles from './home.module.css'

/** The home page's adverts, one slide each; only the first slide's image is fetched with priority. */
export function AdvertCarousel({ adverts }: { adverts: AdvertSlide[] }) {
  const { t } = useTranslation('home')
  const site = useSite()
  const advertHref = (href: string) => (href.startsWith('/') ? `/${site.lang}${href}` : href)
  return (
    <Carousel
      className={styles.carousel}
      label={t('adverts.label')}
      labels={{
        previous: t('adverts.previous'),
        next: t('adverts.next'),
        pause: t('adverts.pause'),
        play: t('adverts.play'),
        slide: (position, total) => t('adverts.slide', { position, total }),
      }}
      slides={adverts.map((advert, index) => ({
        key: advert.slug,
        label: advert.title,
        content: (
          <article className={styles.advert}>
            <Picture
              src={advert.image.src}
              alt={advert.alt}
              width={advert.image.width}
              height={advert.image.height}
              placeholder={PLACEHOLDER.advert}
              priority={index === 0}
              className={styles.advertImage}
            />
            <div className={styles.advertText}>
              <h2 className={styles.advertTitle}>{advert.title}</h2>
              {advert.text ? <p className={styles.advertBody}>{advert.text}</p> : null}
              {advert.href ? (
                advert.href.startsWith('/') ? (
                  <Link to={advertHref(advert.href)} className={styles.advertCta}>
                    {advert.cta}
                  </Link>
                ) : (
                  <a href={advert.href} className={styles.advertCta} rel="noopener sponsored" target="_blank">
                    {advert.cta}
                  </a>
                )
              ) : null}
            </div>
          </article>
        ),
      }))}
    />
  )
}
