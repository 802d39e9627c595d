import { useTranslation } from 'react-i18next'
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type EditorialPreview, editorialPreview } from '../../api/editorial.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { ArticleBody } from '../../components/article-body/article-body.tsx'
import { fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { VideoPlayer } from '../../components/video-player/video-player.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './preview.module.css'

export async function loader(args: LoaderFunctionArgs): Promise<EditorialPreview> {
  const { gateway } = loaderContextOf(args)
  try {
    return await gateway.call(editorialPreview, { token: args.params.token ?? '' }, { signal: args.request.signal })
  } catch (error) {
    if (error instanceof GatewayError && error.errorCode === 410) throw data(null, { status: 410 })
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404 })
    throw error
  }
}

/**
 * A news article, bulletin or video not yet (or no longer) on the site, through the console's signed
 * preview link (docs/product.md#console-content): as a visitor of this language would read it, fallback included, under a
 * banner that says it is a preview. Personal (never cached) and never indexed.
 */
export function Component() {
  const { t } = useTranslation('editorial')
  const item = useLoaderData() as EditorialPreview
  const lang = fallbackLang(item.fellBackTo)
  const expires = new Date(item.expiresAt).toISOString().slice(0, 16).replace('T', ' ')
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={`${t('preview.banner')}: ${item.title}`} description={item.summary} noindex />
      <p className={styles.banner} role="status" data-testid="preview-banner">
        <strong>{t('preview.banner')}</strong> {t(`preview.states.${item.state}`)} · {t('preview.expires', { at: `${expires} UTC` })}
      </p>
      <article className={styles.article} lang={lang}>
        <h1 className={styles.title}>{item.title}</h1>
        {item.video ? (
          <VideoPlayer video={item.video} label={t('media:player.label', { title: item.title })} unsupportedText={t('media:player.unsupported')} />
        ) : item.image ? (
          <figure className={styles.cover}>
            <Picture src={item.image.src} alt={item.image.alt} width={item.image.width} height={item.image.height} placeholder={PLACEHOLDER.article} priority />
          </figure>
        ) : null}
        {item.summary ? <p className={styles.lead}>{item.summary}</p> : null}
        {item.bodyHtml ? <ArticleBody html={item.bodyHtml} lang={lang} className={styles.body} /> : null}
      </article>
    </main>
  )
}
