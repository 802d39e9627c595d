import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CampaignPage } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './campaign.module.css'

/** The first eight speakers, and the way to the full agenda. */
export function SpeakersSection({ exhibition }: { exhibition: CampaignPage['exhibition'] }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  return (
    <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="campaign-speakers">
      <div className="container">
        <h2 id="campaign-speakers" className={styles.sectionTitle}>
          {t('campaign.speakers')}
        </h2>
        <ul className={styles.speakers}>
          {exhibition.speakers.slice(0, 8).map((speaker) => (
            <li key={speaker.id} className={styles.speaker}>
              <Picture src={speaker.photo} alt="" width={112} height={112} placeholder={PLACEHOLDER.avatar} round />
              <h3 className={styles.speakerName}>{speaker.name}</h3>
              <p className={styles.speakerRole}>{[speaker.title, speaker.company].filter(Boolean).join(', ')}</p>
            </li>
          ))}
        </ul>
        <p className={styles.more}>
          <Link to={`/${site.lang}/backDetail/${exhibition.id}#agenda`} className={styles.moreLink}>
            {t('campaign.fullAgenda')}
          </Link>
        </p>
      </div>
    </section>
  )
}
