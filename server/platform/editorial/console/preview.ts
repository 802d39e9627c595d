import type { EditorialKind } from '../../../../shared/rules/console-editorial.ts'
import { EDITORIAL_KINDS, EDITORIAL_LIMITS } from '../../../../shared/rules/console-editorial.ts'
import { contentFallbackChain, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { gone, notFound } from '../../errors.ts'
import { createTokenSigner, loadSecret } from '../../tokens.ts'
import { editorialDetail, renderFor } from './editorial-console.ts'

/**
 * Preview links: `/{lang}/preview/{token}`, where the token is signed with a secret of its own (an
 * access token is never a preview link, nor the other way round) and names the item and when the
 * link stops working. Anyone holding the link sees the item as it is then, in any state.
 */
export async function createPreviewLinks(db: Queryable, publicOrigin: string) {
  const signer = createTokenSigner(await loadSecret(db, 'editorial-preview'))
  const SUBJECT = /^editorial-preview:(news|bulletin|video):([1-9]\d{0,9})$/

  return {
    link(kind: EditorialKind, id: number, locale: Locale) {
      const issued = signer.issue({ kind: 'server', clientId: `editorial-preview:${kind}:${id}` }, EDITORIAL_LIMITS.previewHours * 3600)
      const verified = signer.verify(issued.access_token)
      const expiresAt = verified.ok ? verified.expiresAt : Date.now()
      return {
        url: `${publicOrigin}/${urlLanguageOfLocale(locale)}/preview/${issued.access_token}`,
        expiresAt: new Date(expiresAt).toISOString(),
      }
    },

    /** The item behind a token in a visitor's language; a forged token is not found, an expired one is gone. */
    async show(token: string, locale: Locale) {
      const verified = signer.verify(token)
      if (!verified.ok) throw verified.reason === 'expired' ? gone('editorial:preview.expired') : notFound('editorial:preview.invalid')
      const subject = verified.principal.kind === 'server' ? SUBJECT.exec(verified.principal.clientId) : null
      const kind = subject?.[1] as EditorialKind | undefined
      if (!subject || !kind || !EDITORIAL_KINDS.includes(kind)) throw notFound('editorial:preview.invalid')
      const item = await editorialDetail(db, kind, Number(subject[2]), new Date()).catch(() => {
        throw notFound('editorial:preview.invalid')
      })
      const shown = renderFor(kind, locale, item.texts)
      const used = shown.usedLocale ?? 'en'
      const alt = item.texts[used]?.alt ?? ''
      const image = item.image ? { ...item.image, alt } : null
      // The caption in (or nearest to) the reader's language is the default one, as on the video page.
      const defaultCaption = contentFallbackChain(locale).find((candidate) => item.captions.some((caption) => caption.locale === candidate))
      return {
        kind,
        state: item.state,
        title: shown.title,
        summary: shown.summary,
        bodyHtml: shown.bodyHtml,
        image,
        publishedAt: item.publishedAt,
        fellBackTo: shown.usedLocale && shown.usedLocale !== locale ? shown.usedLocale : null,
        expiresAt: new Date(verified.expiresAt).toISOString(),
        video:
          kind === 'video'
            ? {
                id: item.id,
                slug: item.slug,
                category: item.category,
                title: shown.title,
                description: shown.summary,
                poster: image,
                durationSeconds: item.durationSeconds,
                publishedAt: item.publishedAt,
                sources: item.sources,
                captions: item.captions.map((caption) => ({ ...caption, default: caption.locale === defaultCaption })),
                exhibitionSlug: item.exhibition,
                fellBackTo: shown.usedLocale && shown.usedLocale !== locale ? shown.usedLocale : null,
              }
            : null,
        chain: contentFallbackChain(locale),
      }
    },
  }
}

export type PreviewLinks = Awaited<ReturnType<typeof createPreviewLinks>>
