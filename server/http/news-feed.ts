import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { NextFunction, Request, Response } from 'express'
import { isUrlLanguage, type Locale, localeOf, type UrlLanguage } from '../../shared/languages.ts'
import type { Config } from '../config.ts'
import type { Platform } from '../platform/platform.ts'
import { escapeHtml } from '../platform/kit/escape.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url))
/** What a feed reader shows of the newest news; older articles are on the site. */
export const FEED_ITEMS = 20

/** XML 1.0 allows no control characters but tab and line ends, whatever an editor pasted. */
const allowedInXml = (character: string) => {
  const code = character.codePointAt(0) ?? 0
  return code >= 0x20 ? code !== 0xfffe && code !== 0xffff : character === '\t' || character === '\n' || character === '\r'
}
const clean = (value: string) => Array.from(value).filter(allowedInXml).join('')
/** Text for a feed's elements: control characters XML forbids dropped, then escaped (never CDATA). */
export const feedText = (value: string) => escapeHtml(clean(value))
const text = feedText

interface FeedWords {
  title: string
  description: string
  tags: Record<string, string>
}

function feedWords(locale: Locale, brand: string): FeedWords {
  const read = (namespace: string) => JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/${namespace}.json`, 'utf8'))
  const news = read('news') as { meta: { title: string; description: string } }
  const editorial = read('editorial') as { tags?: Record<string, string> }
  return { title: `${brand}: ${news.meta.title}`, description: news.meta.description.replaceAll('{{brand}}', brand), tags: editorial.tags ?? {} }
}

/**
 * `GET /{lang}/news/rss.xml`: the newest news of one language as RSS 2.0, announced on
 * the news pages with <link rel="alternate" type="application/rss+xml">. Texts are escaped, never
 * wrapped in CDATA, so a title holding `]]>` cannot break out.
 */
export function newsFeed(config: Config, platform: Platform | null) {
  const origin = config.PUBLIC_ORIGIN
  const words = new Map<Locale, FeedWords>()
  return async (req: Request, res: Response, next: NextFunction) => {
    const lang = String(req.params.lang)
    if (!platform || !isUrlLanguage(lang) || !config.SITE_LANGUAGES.includes(lang as UrlLanguage)) return next()
    const locale = localeOf(lang as UrlLanguage)
    if (!words.has(locale)) words.set(locale, feedWords(locale, config.BRAND_NAME))
    const { title, description, tags } = words.get(locale) as FeedWords
    const { items } = await platform.services.editorial.listArticles({ page: 1, pageSize: FEED_ITEMS }, locale)
    const list = `${origin}/${lang}/exhibition/news.html`
    const self = `${origin}/${lang}/news/rss.xml`
    const entries = items.map((article) => {
      const link = `${origin}/${lang}/exhibition/${article.id}`
      return [
        '<item>',
        `<title>${text(article.title)}</title>`,
        `<link>${text(link)}</link>`,
        `<guid isPermaLink="true">${text(link)}</guid>`,
        `<pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
        `<description>${text(article.summary)}</description>`,
        ...article.tags.map((tag) => `<category>${text(tags[tag] ?? tag)}</category>`),
        '</item>',
      ].join('')
    })
    const newest = items[0] ? new Date(items[0].publishedAt).toUTCString() : null
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${text(title)}</title>`,
      `<link>${text(list)}</link>`,
      `<description>${text(description)}</description>`,
      // RSS names languages as zh-cn and zh-tw do (its list of codes), which our locales already are.
      `<language>${locale}</language>`,
      newest ? `<lastBuildDate>${newest}</lastBuildDate>` : '',
      `<atom:link href="${text(self)}" rel="self" type="application/rss+xml"/>`,
      ...entries,
      '</channel>',
      '</rss>',
      '',
    ].join('\n')
    res.setHeader('Content-Type', 'application/rss+xml; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=600')
    res.send(body)
  }
}
