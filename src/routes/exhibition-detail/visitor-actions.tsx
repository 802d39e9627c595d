import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { FollowButton } from '../../components/follow-button/follow-button.tsx'
import { ShareButtons } from '../../components/share-buttons/share-buttons.tsx'
import styles from './visitor-actions.module.css'

/**
 * What a visitor does with an exhibition besides buying a ticket: follow it, put it in
 * their calendar (the .ics file in this language) and share it.
 */
export function VisitorActions({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const page = `/${site.lang}/backDetail/${exhibition.id}`
  return (
    <div className={styles.actions}>
      <FollowButton kind="exhibition" id={String(exhibition.id)} label={exhibition.title} />
      <a href={`${page}.ics`} download className={styles.calendar}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
        </svg>
        {t('detail.actions.calendar')}
      </a>
      <ShareButtons url={`${site.config.publicOrigin}${page}`} title={exhibition.title} />
    </div>
  )
}
