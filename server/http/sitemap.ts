import type { Request, Response } from 'express'
import { LANGUAGE_INFO } from '../../shared/languages.ts'
import type { Config } from '../config.ts'
import type { Platform, SitemapEntry } from '../platform/platform.ts'
import { ROBOTS_DISALLOW } from './paths.ts'
import { escapeHtml } from '../platform/kit/escape.ts'

/** Pages that exist whatever the content (the screens of docs/product.md#routes that are public and indexable). */
const STATIC_PAGES = [
  '',
  '/brandExhibition.html',
  '/exhibition/news.html',
  '/video.html',
  '/bulletin.html',
  '/about.html',
  '/trader.html',
  '/verify.html',
  '/verify/alerts.html',
  '/apply',
  '/legal/terms.html',
  '/legal/privacy.html',
  '/legal/disclaimer.html',
]

/**
 * sitemap.xml with every live language and its alternates (hreflang), and robots.txt pointing to it.
 * Content pages come from each domain's `sitemap` hook.
 */
export function sitemapHandlers(config: Config, platform: Platform | null) {
  let cached: { body: string; at: number } | null = null
  platform?.onContentChanged(() => {
    cached = null
  })
  const build = async () => {
    const entries: SitemapEntry[] = STATIC_PAGES.map((path) => ({ path }))
    for (const domain of platform?.domains ?? []) {
      if (domain.sitemap) entries.push(...(await domain.sitemap(platform as Platform)))
    }
    const origin = config.PUBLIC_ORIGIN
    const urls = entries.flatMap((entry) =>
      config.SITE_LANGUAGES.map((lang) => {
        const alternates = config.SITE_LANGUAGES.map(
          (alternate) =>
            `<xhtml:link rel="alternate" hreflang="${LANGUAGE_INFO[alternate].htmlLang}" href="${escapeHtml(`${origin}/${alternate}${entry.path}`)}"/>`,
        ).join('')
        const lastModified = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''
        return `<url><loc>${escapeHtml(`${origin}/${lang}${entry.path}`)}</loc>${lastModified}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}/en${entry.path}`)}"/></url>`
      }),
    )
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
  }
  return {
    async sitemap(_req: Request, res: Response) {
      if (!cached || Date.now() - cached.at > 10 * 60_000) cached = { body: await build(), at: Date.now() }
      res.setHeader('Content-Type', 'application/xml; charset=utf-8')
      res.setHeader('Cache-Control', 'public, max-age=600')
      res.send(cached.body)
    },
    robots(_req: Request, res: Response) {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.setHeader('Cache-Control', 'public, max-age=3600')
      res.send(
        [
          'User-agent: *',
          'Allow: /',
          // Personal and transactional pages carry noindex; these are not pages at all.
          ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
          `Sitemap: ${config.PUBLIC_ORIGIN}/sitemap.xml`,
          '',
        ].join('\n'),
      )
    },
  }
}
