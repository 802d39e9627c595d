import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { timeZoneLabel } from '../../components/event-dates/format.ts'
import { langOf, openStreetMapUrl } from '../../components/exhibition-card/exhibition-card.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './detail.module.css'

export function Venue({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const { venue } = exhibition
  const textLang = langOf(exhibition.fellBackTo)
  return (
    <section id="venue" className={styles.section} aria-labelledby="venue-title">
      <h2 id="venue-title" className={styles.sectionTitle}>
        {t('detail.venue.title')}
      </h2>
      <div className={styles.venue}>
        <Picture
          src={venue.mapImage}
          alt={t('detail.venue.mapAlt', { venue: venue.name })}
          width={800}
          height={450}
          placeholder={PLACEHOLDER.banner}
          className={styles.map}
        />
        <div className={styles.address}>
          <h3 className={styles.venueName} lang={textLang}>
            {venue.name}
          </h3>
          <address className={styles.addressText} lang={textLang}>
            {venue.address}
          </address>
          <p className={styles.zoneNote}>{t('detail.venue.zone', { zone: timeZoneLabel(exhibition.startsAt, exhibition.timeZone, site.htmlLang) })}</p>
          {venue.lat !== null && venue.lng !== null ? (
            <a className={styles.secondaryDark} href={openStreetMapUrl(venue.lat, venue.lng, venue.mapZoom)} target="_blank" rel="noopener noreferrer">
              {t('detail.venue.openMap')}
              <span className="visually-hidden"> {t('detail.newTab')}</span>
            </a>
          ) : null}
        </div>
      </div>
    </section>
  )
}
