import { useTranslation } from 'react-i18next'
import { data, type LoaderFunctionArgs, Link, useLoaderData } from 'react-router'
import { type ArticleDetail, articleInfo } from '../../api/editorial.ts'
import { useSite } from '../../app-state.ts'
import { ArticleBody } from '../../components/article-body/article-body.tsx'
import { fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { articlePrefix, newsListPath, useNewsVariant } from '../../components/editorial/variant.ts'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { NewsFeedLink } from '../../components/editorial/news-feed-link.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { ArticleHead } from './article-head.tsx'
import styles from './article.module.css'
import { Breadcrumb } from './breadcrumb.tsx'
import { NeighbourLinks } from './neighbour-links.tsx'
import { RelatedNews } from './related-news.tsx'

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
        {...(article.cover ? { socialImage: { kind: 'article', id: article.id, source: { title: article.title, cover: article.cover.src } } } : {})}
        noindex={variant !== 'site'}
      />
      <NewsFeedLink />
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
        <Breadcrumb title={article.title} lang={lang} listHref={listHref} variant={variant} />

        <ArticleHead article={article} renderedAt={renderedAt} listHref={listHref} />

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

        <NeighbourLinks article={article} prefix={prefix} />
      </article>

      <RelatedNews related={article.related} prefix={prefix} renderedAt={renderedAt} />

      <p className={styles.back}>
        <Link to={listHref}>{t('article.backToList')}</Link>
      </p>
    </main>
  )
}
