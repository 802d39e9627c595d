import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import type { GatewayError } from '../../api/gateway-error.ts'
import { type ArticleCard, articleList, listVideos, type Video } from '../../api/editorial.ts'
import { type Advert, type BrandPartner, type ExhibitionCard as Card, listAdverts, listExhibitions, listPartners } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { Carousel } from '../../components/carousel/carousel.tsx'
import { ExhibitionCard } from '../../components/exhibition-card/exhibition-card.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { organizationSchema } from '../../components/json-ld/schemas.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { EmptyState, ErrorState } from '../../components/state-views/state-views.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './home.module.css'
import { dateFormat, numberFormat } from '../../i18n/intl.ts'

/** SPEC §1 marketing figures. */
const FIGURES = [
  { key: 'events', value: 100, about: true },
  { key: 'countries', value: 10, suffix: '+' },
  { key: 'clients', value: 730, suffix: '+' },
  { key: 'attendees', value: 77000, suffix: '+' },
] as const

const FOUNDED = 2019

/** One section's data, or the translation key of why it could not be loaded: a failing section never takes the page down. */
type Section<T> = { ok: true; data: T } | { ok: false; error: string; values: Record<string, string | number> }

interface HomeData {
  adverts: Section<Advert[]>
  upcoming: Section<Card[]>
  recaps: Section<Card[]>
  partners: Section<BrandPartner[]>
  news: Section<ArticleCard[]>
  videos: Section<Array<Pick<Video, 'id' | 'title' | 'poster' | 'durationSeconds'>>>
}

const settle = <T,>(promise: Promise<T>): Promise<Section<T>> =>
  promise.then(
    (data) => ({ ok: true as const, data }),
    (error: GatewayError) => {
      const data = (error?.body as { data?: unknown } | null)?.data
      const values: Record<string, string | number> = {}
      if (data && typeof data === 'object') {
        for (const [key, value] of Object.entries(data)) if (typeof value === 'string' || typeof value === 'number') values[key] = value
      }
      return { ok: false as const, error: error?.code ?? 'errors.unexpected', values }
    },
  )

export async function loader(args: LoaderFunctionArgs): Promise<HomeData> {
  const { gateway } = loaderContextOf(args)
  const signal = args.request.signal
  const [adverts, upcoming, recaps, partners, news, videos] = await Promise.all([
    settle(gateway.call(listAdverts, { placement: 'home' }, { signal }).then((result) => result.items)),
    settle(gateway.call(listExhibitions, { when: 'upcoming', pageSize: 3 }, { signal }).then((result) => result.items)),
    settle(gateway.call(listExhibitions, { when: 'past', pageSize: 3 }, { signal }).then((result) => result.items)),
    settle(gateway.call(listPartners, { limit: 12 }, { signal }).then((result) => result.items)),
    settle(gateway.call(articleList, { pageSize: 3 }, { signal }).then((result) => result.items)),
    // Only what the cards show: the hydration data of the home page is downloaded by every visitor.
    settle(
      gateway
        .call(listVideos, { pageSize: 4 }, { signal })
        .then((result) => result.items.map(({ id, title, poster, durationSeconds }) => ({ id, title, poster, durationSeconds }))),
    ),
  ])
  return { adverts, upcoming, recaps, partners, news, videos }
}

export function Component() {
  const { t } = useTranslation('home')
  const site = useSite()
  const data = useLoaderData() as HomeData
  const revalidator = useRevalidator()
  const number = numberFormat(site.htmlLang)
  const brand = site.config.brandName
  const retry = () => revalidator.revalidate()
  const retrying = revalidator.state === 'loading'
  const adverts = data.adverts.ok ? data.adverts.data : []
  const dateOf = (instant: string) => dateFormat(site.htmlLang, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(instant))
  const advertHref = (href: string) => (href.startsWith('/') ? `/${site.lang}${href}` : href)

  /** A section's body: its items, or why there are none, with a retry when it failed. */
  const body = <T,>(section: Section<T[]>, empty: string, render: (items: T[]) => ReactNode) =>
    !section.ok ? (
      <ErrorState message={t(section.error, section.values)} onRetry={retry} retrying={retrying} />
    ) : section.data.length === 0 ? (
      <EmptyState title={empty} />
    ) : (
      render(section.data)
    )

  return (
    <main id="main">
      <PageMeta title={t('meta.title', { brand })} description={t('meta.description', { brand })} />
      <JsonLd
        data={organizationSchema({
          origin: site.config.publicOrigin,
          lang: site.lang,
          htmlLang: site.htmlLang,
          brandName: brand,
          email: site.config.contactEmail,
          sameAs: site.config.socialLinks.map((link) => link.url),
          foundingYear: FOUNDED,
          description: t('meta.description', { brand }),
        })}
      />
      <section className={styles.hero} aria-labelledby="home-hero-title">
        <div className={`${styles.heroInner} ${adverts.length ? styles.withAdverts : ''}`}>
          <div className={styles.intro}>
            <p className={styles.eyebrow}>{t('hero.eyebrow', { year: FOUNDED })}</p>
            <h1 id="home-hero-title" className={styles.heroTitle}>
              {t('hero.title')}
            </h1>
            <p className={styles.heroText}>{t('hero.text', { brand })}</p>
            <div className={styles.heroActions}>
              <Link to={`/${site.lang}/brandExhibition.html`} className={styles.primary}>
                {t('hero.exhibitions')}
              </Link>
              <Link to={`/${site.lang}/verify.html`} className={styles.secondary}>
                {t('hero.verify')}
              </Link>
            </div>
          </div>
          {adverts.length ? (
            <Carousel
              className={styles.carousel}
              label={t('adverts.label')}
              labels={{
                previous: t('adverts.previous'),
                next: t('adverts.next'),
                pause: t('adverts.pause'),
                play: t('adverts.play'),
                slide: (position, total) => t('adverts.slide', { position, total }),
              }}
              slides={adverts.map((advert, index) => ({
                key: advert.slug,
                label: advert.title,
                content: (
                  <article className={styles.advert}>
                    <Picture
                      src={advert.image.src}
                      alt={advert.alt}
                      width={advert.image.width}
                      height={advert.image.height}
                      placeholder={PLACEHOLDER.advert}
                      priority={index === 0}
                      className={styles.advertImage}
                    />
                    <div className={styles.advertText}>
                      <h2 className={styles.advertTitle}>{advert.title}</h2>
                      {advert.text ? <p className={styles.advertBody}>{advert.text}</p> : null}
                      {advert.href ? (
                        advert.href.startsWith('/') ? (
                          <Link to={advertHref(advert.href)} className={styles.advertCta}>
                            {advert.cta}
                          </Link>
                        ) : (
                          <a href={advert.href} className={styles.advertCta} rel="noopener sponsored" target="_blank">
                            {advert.cta}
                          </a>
                        )
                      ) : null}
                    </div>
                  </article>
                ),
              }))}
            />
          ) : null}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-next-title">
        <div className="container">
          <div className={styles.sectionHead}>
            <h2 id="home-next-title" className={styles.sectionTitle}>
              {t('next.title')}
            </h2>
            <Link to={`/${site.lang}/brandExhibition.html`} className={styles.all}>
              {t('next.all')}
            </Link>
          </div>
          {body(data.upcoming, t('next.empty'), (items) => (
            <ul className={styles.cards}>
              {items.map((item) => (
                <li key={item.id}>
                  <ExhibitionCard exhibition={item} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>

      <section className={styles.figures} aria-labelledby="home-figures-title">
        <div className="container">
          <h2 id="home-figures-title" className={styles.figuresTitle}>
            {t('figures.title', { brand, year: FOUNDED })}
          </h2>
          <dl className={styles.figureList}>
            {FIGURES.map((figure) => (
              <div key={figure.key} className={styles.figure}>
                <dt className={styles.figureLabel}>{t(`figures.${figure.key}`)}</dt>
                <dd className={styles.figureValue}>
                  {'about' in figure ? <span className={styles.approx}>{t('figures.approx')}</span> : null}
                  {number.format(figure.value)}
                  {'suffix' in figure ? <span className={styles.plus}>{figure.suffix}</span> : null}
                </dd>
              </div>
            ))}
            <div className={styles.figure}>
              <dt className={styles.figureLabel}>{t('figures.founded')}</dt>
              <dd className={styles.figureValue}>{FOUNDED}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="home-recaps-title">
        <div className="container">
          <div className={styles.sectionHead}>
            <h2 id="home-recaps-title" className={styles.sectionTitle}>
              {t('recaps.title')}
            </h2>
            <Link to={`/${site.lang}/brandExhibition.html?state=ended`} className={styles.all}>
              {t('recaps.all')}
            </Link>
          </div>
          {body(data.recaps, t('recaps.empty'), (items) => (
            <ul className={styles.cards}>
              {items.map((item) => (
                <li key={item.id}>
                  <ExhibitionCard exhibition={item} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-news-title">
        <div className="container">
          <div className={styles.sectionHead}>
            <h2 id="home-news-title" className={styles.sectionTitle}>
              {t('news.title')}
            </h2>
            <Link to={`/${site.lang}/exhibition/news.html`} className={styles.all}>
              {t('news.all')}
            </Link>
          </div>
          {body(data.news, t('news.empty'), (items) => (
            <ul className={styles.cards}>
              {items.map((article) => (
                <li key={article.id}>
                  <article className={styles.article}>
                    <Picture
                      src={article.cover?.src}
                      alt=""
                      width={article.cover?.width ?? 640}
                      height={article.cover?.height ?? 360}
                      placeholder={PLACEHOLDER.article}
                      className={styles.articleImage}
                    />
                    <div className={styles.articleBody}>
                      <time dateTime={article.publishedAt} className={styles.articleDate}>
                        {dateOf(article.publishedAt)}
                      </time>
                      <h3 className={styles.articleTitle}>
                        <Link to={`/${site.lang}/exhibition/${article.id}`} className={styles.cardLink}>
                          {article.title}
                        </Link>
                      </h3>
                      <p className={styles.articleSummary}>{article.summary}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>

      <section className={`${styles.section} ${styles.dark}`} aria-labelledby="home-videos-title">
        <div className="container">
          <div className={styles.sectionHead}>
            <h2 id="home-videos-title" className={styles.sectionTitle}>
              {t('videos.title')}
            </h2>
            <Link to={`/${site.lang}/video.html`} className={styles.all}>
              {t('videos.all')}
            </Link>
          </div>
          {body(data.videos, t('videos.empty'), (items) => (
            <ul className={styles.videos}>
              {items.map((video) => (
                <li key={video.id}>
                  <Link to={`/${site.lang}/video.html?v=${video.id}`} className={styles.video}>
                    <span className={styles.videoFrame}>
                      <Picture
                        src={video.poster?.src}
                        alt=""
                        width={video.poster?.width ?? 640}
                        height={video.poster?.height ?? 360}
                        placeholder={PLACEHOLDER.banner}
                        className={styles.videoImage}
                      />
                      <span className={styles.play} aria-hidden="true" />
                      <span className={styles.duration}>
                        {Math.floor(video.durationSeconds / 60)}:{String(video.durationSeconds % 60).padStart(2, '0')}
                      </span>
                    </span>
                    <span className={styles.videoTitle}>{video.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-partners-title">
        <div className="container">
          <h2 id="home-partners-title" className={styles.sectionTitle}>
            {t('partners.title')}
          </h2>
          <p className={styles.sectionIntro}>{t('partners.intro', { brand })}</p>
          {body(data.partners, t('partners.empty'), (items) => (
            <ul className={styles.logos}>
              {items.map((partner) => (
                <li key={partner.name}>
                  {partner.url ? (
                    <a href={partner.url} className={styles.logoLink} target="_blank" rel="noopener sponsored">
                      <Picture src={partner.logo} alt={partner.name} width={210} height={80} placeholder={PLACEHOLDER.dealer} fit="contain" />
                      <span className="visually-hidden">{t('partners.newTab')}</span>
                    </a>
                  ) : (
                    <span className={styles.logoLink}>
                      <Picture src={partner.logo} alt={partner.name} width={210} height={80} placeholder={PLACEHOLDER.dealer} fit="contain" />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>
    </main>
  )
}
