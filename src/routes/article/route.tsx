import { useTranslation } from 'react-i18next'
import { data, type LoaderFunctionArgs, Link, useLoaderData } from 'react-router'
import { type ArticleDetail, articleInfo } from '../../api/editorial.ts'
import { useSite } from '../../app-state.ts'
import { ArticleBody } from '../../components/article-body/article-body.tsx'
import { FallbackNote, fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { NewsCard } from '../../components/editorial/news-card.tsx'
import shared from '../../components/editorial/editorial.module.css'
import { articlePrefix, newsListPath, useNewsVariant } from '../../components/editorial/variant.ts'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { RelativeTime } from '../../components/relative-time/relative-time.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './article.module.css'

interface ArticleData {
  article: ArticleDetail
  renderedAt: string
}

export async function loader(args: LoaderFunctionArgs): Promise<ArticleData> {
  const { gateway } = loaderContextOf(args)
  const id = args.params.id ?? ''
  // Article ids are positive whole numbers; anything else is a page that does not exist.
  if (!/^[1-9]\d{0,9}$/.test(id)) throw data(null, { status: 404 })
  try {
    const article = await gateway.call(articleInfo, { id: Number(id) })
    return { article, renderedAt: new Date().toISOString() }
  } catch (error) {
    const code = (error as { errorCode?: number }).errorCode
    if (code === 404 || code === 400) throw data(null, { status: 404 })
    throw data(null, { status: 503 })
  }
}

export function Component() {
  const { t } = useTranslation('news')
  const site = useSite()
  const { article, renderedAt } = useLoaderData() as ArticleData
  const variant = useNewsVariant()
  const prefix = articlePrefix(site.lang, variant)
  const listHref = newsListPath(site.lang, variant)
  const lang = fallbackLang(article.fellBackTo)
  const origin = site.config.publicOrigin
  const canonical = `${origin}/${site.lang}/exhibition/${article.id}`

  return (
    <main id="main" className={styles.page}>
      <PageMeta
        title={article.title}
        description={article.summary}
        type="article"
        {...(article.cover ? { image: article.cover.src } : {})}
        noindex={variant !== 'site'}
      />
      <JsonLd
        data={{
          '@type': 'NewsArticle',
          headline: article.title,
          description: article.summary,
          ...(article.cover ? { image: [new URL(article.cover.src, origin).href] } : {}),
          datePublished: article.publishedAt,
          dateModified: article.updatedAt,
          inLanguage: lang ?? site.htmlLang,
          mainEntityOfPage: canonical,
          url: canonical,
          keywords: article.tags.map((tag) => t(`editorial:tags.${tag}`)).join(', '),
          author: { '@type': 'Organization', name: site.config.brandName, url: `${origin}/${site.lang}` },
          publisher: {
            '@type': 'Organization',
            name: site.config.brandName,
            url: `${origin}/${site.lang}`,
            logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
          },
        }}
      />

      <article className={styles.article} aria-labelledby="article-title">
        <nav aria-label={t('article.breadcrumb')} className={styles.breadcrumb}>
          <ol>
            {variant === 'site' ? (
              <li>
                <Link to={`/${site.lang}`}>{t('common:nav.tabs.home')}</Link>
              </li>
            ) : null}
            <li>
              <Link to={listHref}>{t('common:nav.tabs.news')}</Link>
            </li>
            <li aria-current="page" lang={lang}>
              <span className={styles.crumbCurrent}>{article.title}</span>
            </li>
          </ol>
        </nav>

        <header className={styles.head}>
          {article.tags.length ? (
            <ul className={styles.tags} aria-label={t('editorial:topics')}>
              {article.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`${listHref}?tag=${tag}`} className={shared.tag}>
                    {t(`editorial:tags.${tag}`)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <h1 id="article-title" className={styles.title} lang={lang}>
            {article.title}
          </h1>
          <p className={styles.meta}>
            <span>
              <span className="visually-hidden">{t('article.published')} </span>
              <RelativeTime date={article.publishedAt} renderedAt={renderedAt} />
            </span>
            <span aria-hidden="true">·</span>
            <span>{t('editorial:reading', { count: article.readingMinutes })}</span>
          </p>
          <FallbackNote locale={article.fellBackTo} what="article" />
        </header>

        {article.cover ? (
          <figure className={styles.cover}>
            <Picture
              src={article.cover.src}
              alt={article.cover.alt}
              width={article.cover.width}
              height={article.cover.height}
              placeholder={PLACEHOLDER.article}
              priority
              className={styles.coverPicture}
            />
          </figure>
        ) : null}

        <p className={styles.lead} lang={lang}>
          {article.summary}
        </p>
        <ArticleBody html={article.bodyHtml} lang={lang} className={styles.body} />

        {article.exhibition ? (
          <aside className={styles.exhibition} aria-label={t('article.aboutExhibition')}>
            <p className={styles.exhibitionLabel}>{t('article.aboutExhibition')}</p>
            <Link to={`/${site.lang}/backDetail/${article.exhibition.id}`} className={styles.exhibitionLink}>
              {article.exhibition.title}
            </Link>
          </aside>
        ) : null}

        {article.previous || article.next ? (
          <nav className={styles.neighbours} aria-label={t('article.moreNews')}>
            {article.previous ? (
              <Link to={`${prefix}${article.previous.id}`} className={styles.neighbour} rel="prev">
                <span className={styles.neighbourLabel}>{t('article.previous')}</span>
                <span className={styles.neighbourTitle}>{article.previous.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {article.next ? (
              <Link to={`${prefix}${article.next.id}`} className={`${styles.neighbour} ${styles.next}`} rel="next">
                <span className={styles.neighbourLabel}>{t('article.next')}</span>
                <span className={styles.neighbourTitle}>{article.next.title}</span>
              </Link>
            ) : null}
          </nav>
        ) : null}
      </article>

      {article.related.length ? (
        <section className={styles.related} aria-labelledby="related-title">
          <h2 id="related-title" className={styles.relatedTitle}>
            {t('article.related')}
          </h2>
          <ul className={shared.tiles}>
            {article.related.map((item) => (
              <li key={item.id}>
                <NewsCard article={item} href={`${prefix}${item.id}`} renderedAt={renderedAt} layout="tile" headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className={styles.back}>
        <Link to={listHref}>{t('article.backToList')}</Link>
      </p>
    </main>
  )
}
