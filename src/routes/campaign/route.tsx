import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { type CampaignPage, getCampaign } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { Countdown } from '../../components/countdown/countdown.tsx'
import { formatDateRange, timeZoneLabel } from '../../components/event-dates/format.ts'
import { langOf, openStreetMapUrl, StateBadge, ticketHref } from '../../components/exhibition-card/exhibition-card.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { eventSchema } from '../../components/json-ld/schemas.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { LANGUAGE_INFO, urlLanguageOfLocale } from '../../i18n/languages.ts'
import { loaderContextOf } from '../route-kit.ts'
import styles from './campaign.module.css'

interface CampaignData {
  page: CampaignPage
  now: number
}

export async function loader(args: LoaderFunctionArgs): Promise<CampaignData> {
  const { gateway } = loaderContextOf(args)
  try {
    return { page: await gateway.call(getCampaign, { campaign: 'europeanPremium' }, { signal: args.request.signal }), now: Date.now() }
  } catch (error) {
    // No exhibition carries the campaign (yet or any more): the page does not exist.
    if (error instanceof GatewayError && error.errorCode === 404) throw data(null, { status: 404, statusText: 'Not Found' })
    throw error
  }
}

const BENEFIT_ICONS = [
  <path key="0" d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z M9 12l2 2 4-4" />,
  <path key="1" d="M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M14 15c3 0 8 1 8 5" />,
  <path key="2" d="M4 20V10M10 20V4M16 20v-8M22 20H2" />,
  <path key="3" d="M5 21h14M7 21V11M17 21V11M4 11h16M12 3l8 5H4z" />,
]

/** The campaign landing page of the premium European exhibition (`active/europeanPremium.html`). */
export function Component() {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const { page, now } = useLoaderData() as CampaignData
  const { exhibition, copy } = page
  const textLang = langOf(exhibition.fellBackTo)
  const detailHref = `/${site.lang}/backDetail/${exhibition.id}`
  const sponsors = exhibition.partners.filter((partner) => partner.role === 'sponsor')
  const dates = formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)
  const place = `${exhibition.venue.name}, ${exhibition.city}`
  const upcoming = exhibition.state === 'lookingForward' || exhibition.state === 'signingUp'
  const cta = exhibition.ticketsOnSale ? (
    <Link to={ticketHref(site.lang, exhibition.id)} className={styles.primary}>
      {t('campaign.tickets')}
    </Link>
  ) : exhibition.state === 'ended' ? (
    <p className={styles.note}>{t('detail.over')}</p>
  ) : null

  return (
    <main id="main" className={styles.page}>
      <PageMeta title={`${copy.headline} – ${exhibition.title}`} description={copy.pitch} {...(exhibition.cover ? { image: exhibition.cover } : {})} />
      <JsonLd
        data={eventSchema(exhibition, { origin: site.config.publicOrigin, lang: site.lang, htmlLang: site.htmlLang, brandName: site.config.brandName })}
      />

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
              <span lang={textLang}>{place}</span>
            </p>
            {exhibition.fellBackTo ? (
              <p className={styles.fellBack} role="note">
                {t('detail.fellBack', { language: LANGUAGE_INFO[urlLanguageOfLocale(exhibition.fellBackTo)].nativeName })}
              </p>
            ) : null}
            <p className={styles.pitch} lang={textLang}>
              {copy.pitch}
            </p>
            <div className={styles.actions}>
              {cta}
              <Link to={detailHref} className={styles.secondary}>
                {t('campaign.programme')}
              </Link>
            </div>
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

      <section className={styles.section} aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title" className={styles.sectionTitle}>
            {t('campaign.why')}
          </h2>
          <ul className={styles.benefits}>
            {copy.benefits.map((benefit, index) => (
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

      {exhibition.speakers.length ? (
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
              <Link to={`${detailHref}#agenda`} className={styles.moreLink}>
                {t('campaign.fullAgenda')}
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      {sponsors.length ? (
        <section className={styles.section} aria-labelledby="campaign-sponsors">
          <div className="container">
            <h2 id="campaign-sponsors" className={styles.sectionTitle}>
              {t('campaign.sponsors')}
            </h2>
            <ul className={styles.logos}>
              {sponsors.map((partner) => (
                <li key={partner.id}>
                  <Picture
                    src={partner.logo}
                    alt={partner.name}
                    width={210}
                    height={80}
                    placeholder={PLACEHOLDER.dealer}
                    fit="contain"
                    className={styles.logo}
                  />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

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

      <section className={styles.final} aria-labelledby="campaign-final">
        <div className="container">
          <h2 id="campaign-final" className={styles.finalTitle}>
            {t('campaign.finalTitle')}
          </h2>
          <p className={styles.finalText}>{t('campaign.finalText', { dates })}</p>
          <div className={styles.actions}>
            {cta}
            <Link to={detailHref} className={styles.secondary}>
              {t('campaign.programme')}
            </Link>
          </div>
        </div>
      </section>
    </main>
  )
}
