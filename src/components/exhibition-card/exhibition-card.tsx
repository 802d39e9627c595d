import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ExhibitionCard as Card } from '../../api/exhibitions.ts'
import type { ExhibitionState } from '../../../shared/rules/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { selectionPath } from '../../../shared/checkout-steps.ts'
import { formatDateRange } from '../event-dates/format.ts'
import { Picture } from '../image/picture.tsx'
import { PLACEHOLDER } from '../image/placeholders.tsx'
import styles from './exhibition-card.module.css'
import { numberFormat } from '../../i18n/intl.ts'

/** The `lang` of texts that fell back to another language, so they are read out in the right voice. */
export function langOf(fellBackTo: Locale | null): string | undefined {
  return fellBackTo ? LANGUAGE_INFO[urlLanguageOfLocale(fellBackTo)].htmlLang : undefined
}

/** Where the ticket call leads (ticket selection belongs to the tickets feature). */
export function ticketHref(lang: string, exhibitionId: number): string {
  return selectionPath(lang, exhibitionId)
}

/** The "open in maps" address: OpenStreetMap, no third-party script or tile service on our pages. */
export function openStreetMapUrl(lat: number, lng: number, zoom: number): string {
  const latitude = lat.toFixed(5)
  const longitude = lng.toFixed(5)
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`
}

/** "Dubai, United Arab Emirates", but "Singapore" and "Hong Kong" once: a city-state is not named twice. */
export function placeOf(city: string, country: string): string {
  return country.toLowerCase().includes(city.toLowerCase()) || city.toLowerCase().includes(country.toLowerCase()) ? city : `${city}, ${country}`
}

export function StateBadge({ state, className }: { state: ExhibitionState; className?: string }) {
  const { t } = useTranslation('exhibitions')
  return <span className={`${styles.badge} ${styles[state]} ${className ?? ''}`}>{t(`state.${state}`)}</span>
}

/** What a card shows of an exhibition; a list may send just this in its hydration data. */
export type ExhibitionCardView = Pick<
  Card,
  | 'id'
  | 'title'
  | 'tagline'
  | 'cover'
  | 'state'
  | 'type'
  | 'city'
  | 'country'
  | 'startsAt'
  | 'endsAt'
  | 'timeZone'
  | 'ticketsOnSale'
  | 'recapFigures'
  | 'fellBackTo'
>

export function cardView(card: Card): ExhibitionCardView {
  const { id, title, tagline, cover, state, type, city, country, startsAt, endsAt, timeZone, ticketsOnSale, recapFigures, fellBackTo } = card
  return { id, title, tagline, cover, state, type, city, country, startsAt, endsAt, timeZone, ticketsOnSale, recapFigures, fellBackTo }
}

interface ExhibitionCardProps {
  exhibition: ExhibitionCardView
  headingLevel?: 2 | 3
  /** The first card of a page above the fold. */
  priority?: boolean
}

/**
 * An exhibition in a list (home, brand exhibitions, campaign): cover, state, type, dates at the
 * venue, place, and the one action that fits its state. The whole card is clickable through the
 * title's link; the ticket call is a link of its own.
 */
export function ExhibitionCard({ exhibition, headingLevel = 3, priority = false }: ExhibitionCardProps) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/${site.lang}/backDetail/${exhibition.id}`
  const textLang = langOf(exhibition.fellBackTo)
  const figures = exhibition.recapFigures
  const number = numberFormat(site.htmlLang)
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <Picture
          src={exhibition.cover}
          alt=""
          width={640}
          height={360}
          sizes="(min-width: 1200px) 380px, (min-width: 800px) 45vw, 100vw"
          placeholder={PLACEHOLDER.banner}
          priority={priority}
          className={styles.cover}
        />
        <div className={styles.badges}>
          <StateBadge state={exhibition.state} />
          <span className={styles.type}>{t(`type.${exhibition.type}`)}</span>
        </div>
      </div>
      <div className={styles.body}>
        <Heading className={styles.title} lang={textLang}>
          <Link to={href} className={styles.link}>
            {exhibition.title}
          </Link>
        </Heading>
        <p className={styles.meta}>
          <span className={styles.date}>{formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)}</span>
          <span className={styles.place} lang={textLang}>
            {placeOf(exhibition.city, exhibition.country)}
          </span>
        </p>
        {exhibition.state === 'ended' && figures.attendees ? (
          <p className={styles.figures}>
            {t('card.recapFigures', {
              attendees: number.format(figures.attendees),
              countries: number.format(figures.countries ?? 0),
              count: figures.attendees,
            })}
          </p>
        ) : exhibition.tagline ? (
          <p className={styles.tagline} lang={textLang}>
            {exhibition.tagline}
          </p>
        ) : null}
        <div className={styles.actions}>
          {exhibition.ticketsOnSale ? (
            <Link to={ticketHref(site.lang, exhibition.id)} className={styles.ticket}>
              {t('card.tickets')}
              <span className="visually-hidden">: {exhibition.title}</span>
            </Link>
          ) : (
            <span className={styles.more} aria-hidden="true">
              {exhibition.state === 'ended' ? t('card.recap') : t('card.details')}
            </span>
          )}
        </div>
      </div>
    </article>
  )
}
