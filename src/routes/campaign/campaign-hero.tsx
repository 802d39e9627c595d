import { useTranslation } from 'react-i18next'
import type { CampaignPage } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { Countdown } from '../../components/countdown/countdown.tsx'
import { formatDateRange } from '../../components/event-dates/format.ts'
import { langOf, StateBadge } from '../../components/exhibition-card/exhibition-card.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { LANGUAGE_INFO, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { CampaignActions } from './campaign-actions.tsx'
import styles from './campaign.module.css'

/** The campaign's headline, dates and place, its pitch, and the cover with a countdown to the start. */
export function CampaignHero({ page, now }: { page: CampaignPage; now: number }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const { exhibition, copy } = page
  const textLang = langOf(exhibition.fellBackTo)
  const dates = formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)
  const upcoming = exhibition.state === 'lookingForward' || exhibition.state === 'signingUp'
  return (
    <section className={styles.hero} aria-labelledby="campaign-title">
      <div className={`container ${styles.heroGrid}`}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('campaign.eyebrow')}</p>
          <h1 id="campaign-title" className={styles.title} lang={textLang}>
            {copy.headline}
          </h1>
          <p className={styles.event} lang={textLang}>
            {exhibition.title}
          </p>
          <p className={styles.when}>
            <span>{dates}</span>
            <span aria-hidden="true"> · </span>
            <span lang={textLang}>{`${exhibition.venue.name}, ${exhibition.city}`}</span>
          </p>
          {exhibition.fellBackTo ? (
            <p className={styles.fellBack} role="note">
              {t('detail.fellBack', { language: LANGUAGE_INFO[urlLanguageOfLocale(exhibition.fellBackTo)].nativeName })}
            </p>
          ) : null}
          <p className={styles.pitch} lang={textLang}>
            {copy.pitch}
          </p>
          <CampaignActions exhibition={exhibition} />
        </div>
        <div className={styles.heroMedia}>
          <Picture src={exhibition.cover} alt="" width={720} height={405} placeholder={PLACEHOLDER.banner} priority className={styles.cover} />
          <div className={styles.mediaBadges}>
            <StateBadge state={exhibition.state} />
          </div>
          {upcoming ? (
            <div className={styles.countdown}>
              <p className={styles.countdownLabel}>{t('detail.countdown')}</p>
              <Countdown target={exhibition.startsAt} serverNow={now} locale={site.htmlLang} label={t('detail.countdown')} doneText={t('detail.started')} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
