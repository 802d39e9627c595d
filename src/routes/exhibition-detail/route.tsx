import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { type Video, listVideos } from '../../api/editorial.ts'
import { type ExhibitionDetail, getExhibition } from '../../api/exhibitions.ts'
import { exhibitorDirectory } from '../../api/exhibitors.ts'
import { type TicketTypeCard, ticketTypes } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { ticketHref } from '../../components/exhibition-card/exhibition-card.tsx'
import { ExhibitionComments } from '../../components/comments/comments.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { Agenda } from './agenda.tsx'
import { DetailHead } from './detail-head.tsx'
import { Exhibitors, type ExhibitorsTeaser, TEASER_NAMES } from './exhibitors.tsx'
import styles from './detail.module.css'
import { Hero } from './hero.tsx'
import { Partners } from './partners.tsx'
import { PhotoLive } from './photo-live.tsx'
import { Recap } from './recap.tsx'
import { Speakers } from './speakers.tsx'
import { Venue } from './venue.tsx'
import { Videos } from './videos.tsx'

export interface DetailData {
  exhibition: ExhibitionDetail
  /** Videos of the editorial library about this exhibition (empty when that library is unavailable). */
  libraryVideos: Video[]
  /** The ticket types, for the Event's offers (null when that call failed: the page stands without them). */
  ticketTypes: TicketTypeCard[] | null
  /** Its exhibitor directory in brief (null when it has none yet, or that call failed). */
  exhibitors: ExhibitorsTeaser | null
  /** When the page was made: the countdown's first render (hydration-safe). */
  now: number
}

export async function loader(args: LoaderFunctionArgs): Promise<DetailData> {
  const raw = args.params.id
  // docs/product.md#routes `backDetail/{id?}`: without an id, the list of every exhibition.
  if (raw === undefined || raw === '') throw redirect(`/${args.params.lang}/brandExhibition.html`, 301)
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw data(null, { status: 404, statusText: 'Not Found' })
  const { gateway } = loaderContextOf(args)
  let exhibition: ExhibitionDetail
  try {
    exhibition = await gateway.call(getExhibition, { id: Number(raw) }, { signal: args.request.signal })
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404, statusText: 'Not Found' })
    throw error
  }
  // The library's videos of this exhibition, its ticket types and its exhibitors are extras: the page
  // stands without them. The directory is one indexed query, cached by the gateway like the page
  // itself, and its answer is what decides whether the page shows the way in at all.
  const [libraryVideos, types, exhibitors] = await Promise.all([
    gateway
      .call(listVideos, { exhibition: exhibition.slug, pageSize: 6 }, { signal: args.request.signal })
      .then((result) => result.items)
      .catch(() => [] as Video[]),
    gateway
      .call(ticketTypes, { exhibitionId: exhibition.id }, { signal: args.request.signal })
      .then((result) => result.types)
      .catch(() => null),
    gateway
      .call(exhibitorDirectory, { exhibitionId: exhibition.id }, { signal: args.request.signal })
      .then((result): ExhibitorsTeaser | null =>
        result.total
          ? { total: result.total, first: result.items.slice(0, TEASER_NAMES).map(({ slug, name, textLocale }) => ({ slug, name, textLocale })) }
          : null,
      )
      .catch(() => null),
  ])
  return { exhibition, libraryVideos, ticketTypes: types, exhibitors, now: Date.now() }
}

/** docs/product.md#routes: `backDetail/{id}` is an exhibition (or salon), before, during and after it takes place. */
export function Component() {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const { exhibition, libraryVideos, ticketTypes: types, exhibitors, now } = useLoaderData() as DetailData
  const ended = exhibition.state === 'ended'
  const live = exhibition.state === 'inProgress'
  const sections = [
    { id: 'about', label: t('detail.nav.about'), show: true },
    { id: 'recap', label: t('detail.nav.recap'), show: ended && (Object.keys(exhibition.recapFigures).length > 0 || exhibition.recapSummary !== '') },
    { id: 'photos', label: t('detail.nav.photos'), show: exhibition.photos.length > 0 },
    { id: 'videos', label: t('detail.nav.videos'), show: exhibition.videos.length + libraryVideos.length > 0 },
    { id: 'agenda', label: t('detail.nav.agenda'), show: exhibition.agenda.length > 0 },
    { id: 'speakers', label: t('detail.nav.speakers'), show: exhibition.speakers.length > 0 },
    { id: 'exhibitors', label: t('directory:detail.nav'), show: exhibitors !== null },
    { id: 'partners', label: t('detail.nav.partners'), show: exhibition.partners.length > 0 },
    { id: 'venue', label: t('detail.nav.venue'), show: true },
  ].filter((section) => section.show)

  return (
    <main id="main" className={`${styles.page} ${exhibition.type === 'salon' ? styles.salon : ''}`}>
      <DetailHead exhibition={exhibition} ticketTypes={types} />
      <Hero exhibition={exhibition} now={now} />
      <nav className={styles.sectionNav} aria-label={t('detail.nav.label')}>
        <ul className={`container ${styles.sectionList}`}>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={styles.sectionLink}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className={`container ${styles.body}`}>
        <section id="about" className={styles.section} aria-labelledby="about-title">
          <h2 id="about-title" className={styles.sectionTitle}>
            {exhibition.type === 'salon' ? t('detail.aboutSalon') : t('detail.about')}
          </h2>
          <div className={styles.about}>
            <div>
              <p className={styles.lead}>{exhibition.summary}</p>
              {/* Sanitised by the platform on import (p, h3, lists, strong, em, links). */}
              {exhibition.bodyHtml ? <div className={styles.prose} dangerouslySetInnerHTML={{ __html: exhibition.bodyHtml }} /> : null}
            </div>
            {!ended && exhibition.highlights.length ? (
              <aside className={styles.expect} aria-labelledby="expect-title">
                <h3 id="expect-title" className={styles.expectTitle}>
                  {t('detail.expect')}
                </h3>
                <ul className={styles.checks}>
                  {exhibition.highlights.map((highlight) => (
                    <li key={highlight} className={styles.checkItem}>
                      {highlight}
                    </li>
                  ))}
                </ul>
              </aside>
            ) : null}
          </div>
        </section>

        {ended ? <Recap exhibition={exhibition} /> : null}
        {exhibition.photos.length ? <PhotoLive exhibition={exhibition} live={live} /> : null}
        {exhibition.videos.length + libraryVideos.length ? <Videos exhibition={exhibition} libraryVideos={libraryVideos} /> : null}
        {exhibition.agenda.length ? <Agenda exhibition={exhibition} /> : null}
        {exhibition.speakers.length ? <Speakers exhibition={exhibition} /> : null}
        {exhibitors ? <Exhibitors exhibitionId={exhibition.id} teaser={exhibitors} /> : null}
        {exhibition.partners.length ? <Partners exhibition={exhibition} /> : null}
        <Venue exhibition={exhibition} />

        {/* ── Community comments (accounts feature) ──────────────────────────────────────────────
            The accounts engineer inserts the exhibition's community here, after the venue and before
            the closing call: <ExhibitionComments exhibitionId={exhibition.id} /> from
            src/components/comments/. It needs nothing else from this page. ──────────────────────── */}
        <ExhibitionComments exhibitionId={exhibition.id} />

        {exhibition.ticketsOnSale ? (
          <section className={styles.closing} aria-labelledby="closing-title">
            <h2 id="closing-title" className={styles.closingTitle}>
              {t('detail.closing.title')}
            </h2>
            <p className={styles.closingText}>{t('detail.closing.text', { title: exhibition.title })}</p>
            <Link to={ticketHref(site.lang, exhibition.id)} className={styles.primary}>
              {t('detail.tickets')}
            </Link>
          </section>
        ) : null}
      </div>

      {exhibition.ticketsOnSale ? (
        <div className={styles.stickyBar}>
          <span className={styles.stickyTitle}>{exhibition.title}</span>
          <Link to={ticketHref(site.lang, exhibition.id)} className={styles.stickyButton}>
            {t('detail.tickets')}
          </Link>
        </div>
      ) : null}
    </main>
  )
}
