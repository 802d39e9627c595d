import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail, Partner } from '../../api/exhibitions.ts'
import { PARTNER_TIERS, type PartnerTier } from '../../../shared/rules/exhibitions.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './detail.module.css'

/** Sponsors by tier (headline first), then exhibitors with their booths, then media partners. */
export function Partners({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation('exhibitions')
  const byTier = new Map<PartnerTier, Partner[]>()
  for (const partner of exhibition.partners) byTier.set(partner.tier, [...(byTier.get(partner.tier) ?? []), partner])
  const logo = (partner: Partner, size: 'large' | 'medium' | 'small') => {
    const dimensions = size === 'large' ? { width: 280, height: 107 } : size === 'medium' ? { width: 210, height: 80 } : { width: 168, height: 64 }
    const image = <Picture src={partner.logo} alt={partner.name} {...dimensions} placeholder={PLACEHOLDER.dealer} fit="contain" className={styles.logo} />
    return partner.url ? (
      <a href={partner.url} target="_blank" rel="noopener sponsored" className={styles.logoLink}>
        {image}
        <span className="visually-hidden">{t('detail.newTab')}</span>
      </a>
    ) : (
      <span className={styles.logoLink}>{image}</span>
    )
  }
  return (
    <section id="partners" className={styles.section} aria-labelledby="partners-title">
      <h2 id="partners-title" className={styles.sectionTitle}>
        {t('detail.partners.title')}
      </h2>
      {PARTNER_TIERS.filter((tier) => byTier.has(tier)).map((tier) => {
        const partners = byTier.get(tier) ?? []
        const size = tier === 'headline' || tier === 'platinum' ? 'large' : tier === 'gold' ? 'medium' : 'small'
        return (
          <div key={tier} className={styles.tier}>
            <h3 className={styles.subTitle}>{t(`tier.${tier}`, { count: partners.length })}</h3>
            <ul className={`${styles.logos} ${size === 'large' ? styles.logosLarge : size === 'medium' ? styles.logosMedium : styles.logosSmall}`}>
              {partners.map((partner) => (
                <li key={partner.id} className={styles.logoItem}>
                  {logo(partner, size)}
                  {partner.booth ? <span className={styles.booth}>{t('detail.partners.booth', { booth: partner.booth })}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        )
      })}
    </section>
  )
}
