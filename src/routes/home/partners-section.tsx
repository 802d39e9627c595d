import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './home.module.css'
import type { PartnerLogo, Section } from './home-data.ts'
import { SectionBody } from './home-section.tsx'

/** The brand partners' logos, linked to their sites where they have one. */
export function PartnersSection({ partners }: { partners: Section<PartnerLogo[]> }) {
  const { t } = useTranslation('home')
  const site = useSite()
  return (
    <section className={styles.section} aria-labelledby="home-partners-title">
      <div className="container">
        <h2 id="home-partners-title" className={styles.sectionTitle}>
          {t('partners.title')}
        </h2>
        <p className={styles.sectionIntro}>{t('partners.intro', { brand: site.config.brandName })}</p>
        <SectionBody section={partners} empty={t('partners.empty')}>
          {(items) => (
            <ul className={styles.logos}>
              {items.map((partner) => (
                <li key={partner.name}>
                  {partner.url ? (
                    <a href={partner.url} className={styles.logoLink} target="_blank" rel="noopener sponsored">
                      <Picture src={partner.logo} alt={partner.name} width={210} height={80} placeholder={PLACEHOLDER.dealer} fit="contain" />
                      <span className="visually-hidden">{t('partners.newTab')}</span>
                    </a>
                  ) : (
                    <span className={styles.logoLink}>
                      <Picture src={partner.logo} alt={partner.name} width={210} height={80} placeholder={PLACEHOLDER.dealer} fit="contain" />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </SectionBody>
      </div>
    </section>
  )
}
