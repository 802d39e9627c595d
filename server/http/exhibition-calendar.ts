import type { NextFunction, Request, Response } from 'express'
import { isUrlLanguage, localeOf, type UrlLanguage } from '../../shared/languages.ts'
import type { Config } from '../config.ts'
import type { Platform } from '../platform/platform.ts'
import { calendarFile } from '../platform/tickets/calendar.ts'

const FILE = /^([1-9]\d{0,9})\.ics$/

/**
 * `GET /{lang}/backDetail/{id}.ics`: the exhibition as an iCalendar file in the page's language, for
 * the "Add to calendar" link. One VEVENT in UTC whose UID names the exhibition, so that
 * importing it again updates the entry instead of adding a second one (RFC 5545 §3.8.4.7).
 * Anything else under backDetail/ is the page, so it goes on to the renderer (and its 404).
 */
export function exhibitionCalendar(config: Config, platform: Platform | null, now: () => Date = () => new Date()) {
  const origin = config.PUBLIC_ORIGIN
  return async (req: Request, res: Response, next: NextFunction) => {
    const lang = String(req.params.lang)
    const id = FILE.exec(String(req.params.file))?.[1]
    if (!platform || !id || !isUrlLanguage(lang) || !config.SITE_LANGUAGES.includes(lang as UrlLanguage)) return next()
    const exhibition = await platform.services.exhibitions.getById(Number(id), localeOf(lang as UrlLanguage))
    if (!exhibition) return next()
    const page = `${origin}/${lang}/backDetail/${exhibition.id}`
    const body = calendarFile(
      {
        uid: `exhibition-${exhibition.id}@${new URL(origin).hostname}`,
        title: exhibition.title,
        startsAt: new Date(exhibition.startsAt),
        endsAt: new Date(exhibition.endsAt),
        location: [exhibition.venue.name, exhibition.venue.address].filter(Boolean).join(', '),
        description: [exhibition.summary, page].filter(Boolean).join('\n\n'),
        url: page,
        organizer: { name: config.BRAND_NAME, email: config.CONTACT_EMAIL },
        stamp: now(),
      },
      config.BRAND_NAME,
    )
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="${exhibition.slug.replace(/[^a-z0-9-]/gi, '') || `exhibition-${exhibition.id}`}.ics"`)
    res.setHeader('Cache-Control', 'public, max-age=600')
    res.send(body)
  }
}
