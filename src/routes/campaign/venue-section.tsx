import { useTranslation } from 'react-i18next'
import type { CampaignPage } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { formatDateRange, timeZoneLabel } from '../../components/event-dates/format.ts'
import { langOf, openStreetMapUrl } from '../../components/exhibition-card/exhibition-card.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './campaign.module.css'

/** Where it takes place: the map, the address, the dates in the venue's time zone and a link to a full map. */
export function VenueSection({ exhibition }: { exhibition: CampaignPage['exhibition'] }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const textLang = langOf(exhibition.fellBackTo)
  const dates = formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)
  return (
    <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="campaign-venue">
      <div className={`container ${styles.venue}`}>
        <Picture
          src={exhibition.venue.mapImage}
          alt={t('detail.venue.mapAlt', { venue: exhibition.venue.name })}
          width={800}
          height={450}
          placeholder={PLACEHOLDER.banner}
          className={styles.map}
        />
        <div>
          <h2 id="campaign-venue" className={styles.sectionTitle}>
            {t('detail.venue.title')}
          </h2>
          <p className={styles.venueName} lang={textLang}>
            {exhibition.venue.name}
          </p>
          <address className={styles.address} lang={textLang}>
            {exhibition.venue.address}
          </address>
          <p className={styles.zone}>
            {dates} · {t('detail.localTime', { zone: timeZoneLabel(exhibition.startsAt, exhibition.timeZone, site.htmlLang) })}
          </p>
          {exhibition.venue.lat !== null && exhibition.venue.lng !== null ? (
            <a
              className={styles.mapLink}
              href={openStreetMapUrl(exhibition.venue.lat, exhibition.venue.lng, exhibition.venue.mapZoom)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('detail.venue.openMap')}
              <span className="visually-hidden"> {t('detail.newTab')}</span>
            </a>
          ) : null}
        </div>
      </div>
    </section>
  )
}
