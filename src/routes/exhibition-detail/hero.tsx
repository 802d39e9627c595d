import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { Countdown } from '../../components/countdown/countdown.tsx'
import { formatDateRange, formatDateTime, timeZoneLabel } from '../../components/event-dates/format.ts'
import { langOf, placeOf, StateBadge, ticketHref } from '../../components/exhibition-card/exhibition-card.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { LANGUAGE_INFO, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { DetailBreadcrumb } from './breadcrumb.tsx'
import styles from './detail.module.css'
import { VisitorActions } from './visitor-actions.tsx'

/** Title, dates at the venue, place, state and the one call to action that fits the state. */
export function Hero({ exhibition, now }: { exhibition: ExhibitionDetail; now: number }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const zone = exhibition.timeZone
  const textLang = langOf(exhibition.fellBackTo)
  const upcoming = exhibition.state === 'lookingForward' || exhibition.state === 'signingUp'
  const salesLater = exhibition.salesOpenAt !== null && Date.parse(exhibition.salesOpenAt) > now
  return (
    <section className={styles.hero} aria-labelledby="exhibition-title">
      <Picture src={exhibition.cover} alt="" width={1600} height={900} placeholder={PLACEHOLDER.banner} priority className={styles.heroImage} />
      <div className={`container ${styles.heroInner}`}>
        <DetailBreadcrumb exhibition={exhibition} textLang={textLang} />
        <div className={styles.badges}>
          <StateBadge state={exhibition.state} />
          <span className={styles.typeBadge}>{t(`type.${exhibition.type}`)}</span>
        </div>
        <h1 id="exhibition-title" className={styles.heroTitle} lang={textLang}>
          {exhibition.title}
        </h1>
        {exhibition.tagline ? (
          <p className={styles.tagline} lang={textLang}>
            {exhibition.tagline}
          </p>
        ) : null}
        <dl className={styles.facts}>
          <div>
            <dt>{t('detail.when')}</dt>
            <dd>
              {formatDateRange(exhibition.startsAt, exhibition.endsAt, zone, site.htmlLang)}
              <span className={styles.zone}>{t('detail.localTime', { zone: timeZoneLabel(exhibition.startsAt, zone, site.htmlLang) })}</span>
            </dd>
          </div>
          <div>
            <dt>{t('detail.where')}</dt>
            <dd>
              <span lang={textLang}>{exhibition.venue.name}</span>
              <span className={styles.zone} lang={textLang}>
                {placeOf(exhibition.city, exhibition.country)}
              </span>
            </dd>
          </div>
        </dl>
        {exhibition.fellBackTo ? (
          <p className={styles.fellBack} role="note">
            {t('detail.fellBack', { language: LANGUAGE_INFO[urlLanguageOfLocale(exhibition.fellBackTo)].nativeName })}
          </p>
        ) : null}
        <div className={styles.heroActions}>
          {exhibition.ticketsOnSale ? (
            <>
              <Link to={ticketHref(site.lang, exhibition.id)} className={styles.primary}>
                {t('detail.tickets')}
              </Link>
              {exhibition.salesCloseAt ? (
                <p className={styles.salesNote}>{t('detail.salesClose', { date: formatDateTime(exhibition.salesCloseAt, zone, site.htmlLang) })}</p>
              ) : null}
            </>
          ) : exhibition.state === 'ended' ? (
            <>
              <p className={styles.over} role="status">
                {t('detail.over')}
              </p>
              <a href="#recap" className={styles.secondary}>
                {t('detail.seeRecap')}
              </a>
            </>
          ) : exhibition.state === 'inProgress' ? (
            <p className={styles.salesNote}>{t('detail.happening')}</p>
          ) : (
            <p className={styles.salesNote}>
              {salesLater && exhibition.salesOpenAt
                ? t('detail.salesOpen', { date: formatDateTime(exhibition.salesOpenAt, zone, site.htmlLang) })
                : t('detail.salesSoon')}
            </p>
          )}
        </div>
        <VisitorActions exhibition={exhibition} />
        {upcoming ? (
          <div className={styles.countdownBox}>
            <p className={styles.countdownLabel} id="countdown-label">
              {exhibition.type === 'salon' ? t('detail.countdownSalon') : t('detail.countdown')}
            </p>
            <Countdown
              target={exhibition.startsAt}
              serverNow={now}
              locale={site.htmlLang}
              label={exhibition.type === 'salon' ? t('detail.countdownSalon') : t('detail.countdown')}
              doneText={t('detail.started')}
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
