import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './detail.module.css'

export function Speakers({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation('exhibitions')
  return (
    <section id="speakers" className={styles.section} aria-labelledby="speakers-title">
      <h2 id="speakers-title" className={styles.sectionTitle}>
        {t('detail.speakers.title')}
      </h2>
      <ul className={styles.speakers}>
        {exhibition.speakers.map((speaker) => (
          <li key={speaker.id} className={styles.speaker}>
            <Picture src={speaker.photo} alt="" width={88} height={88} placeholder={PLACEHOLDER.avatar} round className={styles.speakerPhoto} />
            <div>
              <h3 className={styles.speakerName}>{speaker.name}</h3>
              <p className={styles.personRole}>{speaker.title}</p>
              {speaker.company ? <p className={styles.company}>{speaker.company}</p> : null}
              {speaker.bio ? <p className={styles.bio}>{speaker.bio}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
