import type { NextFunction, Request, Response } from 'express'
import { isUrlLanguage, LANGUAGE_INFO, localeOf, type UrlLanguage } from '../../shared/languages.ts'
import type { Config } from '../config.ts'
import { loadStrings } from '../platform/kit/strings.ts'
import type { Platform } from '../platform/platform.ts'
import { feedText as text } from './news-feed.ts'

const verifyStrings = loadStrings('verify')

/**
 * `GET /{lang}/verify/alerts.rss` (docs/product.md#scam-alerts): the newest live scam alerts as RSS 2.0
 * in one language, announced on the alerts page. Texts are escaped with the kit's escape, never CDATA.
 */
export function alertsFeed(config: Config, platform: Platform | null) {
  const origin = config.PUBLIC_ORIGIN
  return async (req: Request, res: Response, next: NextFunction) => {
    const lang = String(req.params.lang)
    if (!platform || !isUrlLanguage(lang) || !config.SITE_LANGUAGES.includes(lang as UrlLanguage)) return next()
    const locale = localeOf(lang as UrlLanguage)
    const t = verifyStrings(locale)
    const brand = config.BRAND_NAME
    const { items } = await platform.services.verification.scamAlerts({ q: '' }, locale)
    const list = `${origin}/${lang}/verify/alerts.html`
    const self = `${origin}/${lang}/verify/alerts.rss`
    const day = new Intl.DateTimeFormat(LANGUAGE_INFO[lang as UrlLanguage].htmlLang, { dateStyle: 'long', timeZone: 'UTC' })
    const entries = items.map((alert) => {
      const link = `${list}?q=${encodeURIComponent(alert.display)}`
      const description = [
        alert.summary,
        t('alerts.impersonatesLine', { party: alert.impersonates?.name ?? brand }),
        t('alerts.firstSeenLine', { date: day.format(new Date(`${alert.firstSeen}T00:00:00Z`)) }),
      ].join('\n')
      return [
        '<item>',
        `<title>${text(t('alerts.itemTitle', { type: t(`types.${alert.kind}`), value: alert.display }))}</title>`,
        `<link>${text(link)}</link>`,
        `<guid isPermaLink="false">${text(`${origin}/scam-alert/${alert.id}`)}</guid>`,
        `<pubDate>${new Date(alert.publishedAt).toUTCString()}</pubDate>`,
        `<category>${text(t(`types.${alert.kind}`))}</category>`,
        `<description>${text(description)}</description>`,
        '</item>',
      ].join('')
    })
    const newest = items[0] ? new Date(items[0].publishedAt).toUTCString() : null
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${text(t('alerts.feedTitle', { brand }))}</title>`,
      `<link>${text(list)}</link>`,
      `<description>${text(t('alerts.lead', { brand }))}</description>`,
      `<language>${locale}</language>`,
      newest ? `<lastBuildDate>${newest}</lastBuildDate>` : '',
      `<atom:link href="${text(self)}" rel="self" type="application/rss+xml"/>`,
      ...entries,
      '</channel>',
      '</rss>',
      '',
    ].join('\n')
    res.setHeader('Content-Type', 'application/rss+xml; charset=utf-8')
    // Briefly: a withdrawn alert leaves the feed within a minute, as it leaves the JSON list.
    res.setHeader('Cache-Control', 'public, max-age=60')
    res.send(body)
  }
}
