import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CampaignPage } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { ticketHref } from '../../components/exhibition-card/exhibition-card.tsx'
import styles from './campaign.module.css'

/** Tickets while they are on sale (or a note once it is over), and the way to the full programme. */
export function CampaignActions({ exhibition }: { exhibition: CampaignPage['exhibition'] }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  return (
    <div className={styles.actions}>
      {exhibition.ticketsOnSale ? (
        <Link to={ticketHref(site.lang, exhibition.id)} className={styles.primary}>
          {t('campaign.tickets')}
        </Link>
      ) : exhibition.state === 'ended' ? (
        <p className={styles.note}>{t('detail.over')}</p>
      ) : null}
      <Link to={`/${site.lang}/backDetail/${exhibition.id}`} className={styles.secondary}>
        {t('campaign.programme')}
      </Link>
    </div>
  )
}
