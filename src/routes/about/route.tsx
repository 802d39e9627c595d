import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import shared from '../../components/editorial/editorial.module.css'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { OfficialChannels } from '../../components/official-channels/official-channels.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { FOUNDED } from '../../components/company-figures/company-figures.ts'
import styles from './about.module.css'
import { ContactSection } from './contact-section.tsx'
import { FiguresSection } from './figures-section.tsx'
import { OffersSection } from './offers-section.tsx'
import { TrustSection } from './trust-section.tsx'

export function Component() {
  const { t } = useTranslation('about')
  const site = useSite()
  const brand = site.config.brandName
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

      <FiguresSection />

      <OffersSection />

      <TrustSection />

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

      <ContactSection />

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
