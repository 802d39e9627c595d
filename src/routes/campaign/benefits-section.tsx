import { useTranslation } from 'react-i18next'
import type { CampaignPage } from '../../api/exhibitions.ts'
import { langOf } from '../../components/exhibition-card/exhibition-card.tsx'
import styles from './campaign.module.css'

const BENEFIT_ICONS = [
  <path key="0" d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z M9 12l2 2 4-4" />,
  <path key="1" d="M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M14 15c3 0 8 1 8 5" />,
  <path key="2" d="M4 20V10M10 20V4M16 20v-8M22 20H2" />,
  <path key="3" d="M5 21h14M7 21V11M17 21V11M4 11h16M12 3l8 5H4z" />,
]

/** Why to come: the campaign's benefits, each with an icon. */
export function BenefitsSection({ page }: { page: CampaignPage }) {
  const { t } = useTranslation('exhibitions')
  const textLang = langOf(page.exhibition.fellBackTo)
  return (
    <section className={styles.section} aria-labelledby="benefits-title">
      <div className="container">
        <h2 id="benefits-title" className={styles.sectionTitle}>
          {t('campaign.why')}
        </h2>
        <ul className={styles.benefits}>
          {page.copy.benefits.map((benefit, index) => (
            <li key={benefit.title} className={styles.benefit}>
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false" className={styles.benefitIcon}>
                <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  {BENEFIT_ICONS[index % BENEFIT_ICONS.length]}
                </g>
              </svg>
              <h3 className={styles.benefitTitle} lang={textLang}>
                {benefit.title}
              </h3>
              <p className={styles.benefitText} lang={textLang}>
                {benefit.text}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
