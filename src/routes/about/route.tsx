import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import shared from '../../components/editorial/editorial.module.css'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { OfficialChannels } from '../../components/official-channels/official-channels.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import styles from './about.module.css'
import { numberFormat } from '../../i18n/intl.ts'

/** SPEC §1 marketing figures, the same as the home page's. */
const FIGURES = [
  { key: 'events', value: 100, about: true },
  { key: 'countries', value: 10, suffix: '+' },
  { key: 'clients', value: 730, suffix: '+' },
  { key: 'attendees', value: 77000, suffix: '+' },
] as const
const FOUNDED = 2019

const OFFERS = [
  { key: 'exhibitions', path: 'brandExhibition.html' },
  { key: 'salons', path: 'brandExhibition.html?type=salon' },
  { key: 'media', path: 'exhibition/news.html' },
] as const

export function Component() {
  const { t } = useTranslation('about')
  const site = useSite()
  const brand = site.config.brandName
  const number = numberFormat(site.htmlLang)
  const origin = site.config.publicOrigin

  return (
    <main id="main">
      <PageMeta title={t('meta.title', { brand })} description={t('meta.description', { brand })} />
      <JsonLd
        data={{
          '@type': 'Organization',
          name: brand,
          url: `${origin}/${site.lang}`,
          logo: `${origin}/favicon.svg`,
          foundingDate: String(FOUNDED),
          email: site.config.contactEmail,
          contactPoint: [
            { '@type': 'ContactPoint', contactType: 'customer support', email: site.config.contactEmail },
            { '@type': 'ContactPoint', contactType: 'quality assurance', email: site.config.qaEmail },
          ],
          sameAs: site.config.socialLinks.map((link) => link.url),
        }}
      />
      <header className={shared.pageHead}>
        <div className={shared.pageHeadInner}>
          <h1 className={shared.pageTitle}>{t('title', { brand })}</h1>
          <p className={shared.pageIntro}>{t('intro', { brand, year: FOUNDED })}</p>
        </div>
      </header>

      <section className={`container ${styles.story}`} aria-labelledby="about-story">
        <h2 id="about-story" className={styles.heading}>
          {t('story.title')}
        </h2>
        <div className={styles.storyText}>
          <p>{t('story.p1', { brand, year: FOUNDED })}</p>
          <p>{t('story.p2', { brand })}</p>
          <p>{t('story.p3', { brand })}</p>
        </div>
      </section>

      <section className={styles.figures} aria-labelledby="about-figures">
        <div className="container">
          <h2 id="about-figures" className={styles.figuresTitle}>
            {t('figures.title', { brand })}
          </h2>
          <dl className={styles.figureList}>
            {FIGURES.map((figure) => (
              <div key={figure.key} className={styles.figure}>
                <dt className={styles.figureLabel}>{t(`figures.${figure.key}`)}</dt>
                <dd className={styles.figureValue}>
                  {'about' in figure ? t('figures.about', { value: number.format(figure.value) }) : `${number.format(figure.value)}${figure.suffix}`}
                </dd>
              </div>
            ))}
            <div className={styles.figure}>
              <dt className={styles.figureLabel}>{t('figures.founded')}</dt>
              <dd className={styles.figureValue}>{FOUNDED}</dd>
            </div>
          </dl>
        </div>
      </section>

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

      <section className={`container ${styles.block}`} aria-labelledby="about-channels" data-slot="official-channels">
        <h2 id="about-channels" className={styles.heading}>
          {t('channels.title')}
        </h2>
        <p className={styles.lead}>{t('channels.text', { brand })}</p>
        <OfficialChannels heading="none" intro={false} />
        <p>
          <Link to={`/${site.lang}/verify.html`}>{t('channels.check')}</Link>
        </p>
      </section>

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

      <section className={`container ${styles.block} ${styles.credits}`} aria-labelledby="about-credits">
        <h2 id="about-credits" className={styles.smallHeading}>
          {t('credits.title')}
        </h2>
        <p>
          {t('credits.ipGeo')}{' '}
          <a href="https://db-ip.com" rel="noopener noreferrer">
            DB-IP
          </a>{' '}
          (
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noopener noreferrer">
            CC BY 4.0
          </a>
          ).
        </p>
      </section>
    </main>
  )
}
