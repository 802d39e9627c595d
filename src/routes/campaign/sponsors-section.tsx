import { useTranslation } from 'react-i18next'
import type { CampaignPage } from '../../api/exhibitions.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './campaign.module.css'

export function SponsorsSection({ sponsors }: { sponsors: CampaignPage['exhibition']['partners'] }) {
  const { t } = useTranslation('exhibitions')
  return (
    <section className={styles.section} aria-labelledby="campaign-sponsors">
      <div className="container">
        <h2 id="campaign-sponsors" className={styles.sectionTitle}>
          {t('campaign.sponsors')}
        </h2>
        <ul className={styles.logos}>
          {sponsors.map((partner) => (
            <li key={partner.id}>
              <Picture src={partner.logo} alt={partner.name} width={210} height={80} placeholder={PLACEHOLDER.dealer} fit="contain" className={styles.logo} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
