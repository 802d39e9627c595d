import { timingSafeEqual, createHash } from 'node:crypto'
import express, { type Router } from 'express'
import { isUrlLanguage } from '../../../shared/languages.ts'
import { unsubscribePath } from '../../../shared/rules/messages.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import * as repo from './messages.repo.ts'
import { hashToken } from './messages.send.ts'

/** Where the mail provider reports bounces and complaints (docs/product.md#unsubscribe). */
export const MAIL_EVENTS_PATH = '/api/mail-events'

const MAIL_EVENTS = { bounce: 'bounced', complaint: 'complained', unsubscribe: 'unsubscribed' } as const

const sameSecret = (given: string, expected: string) => {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * The unsubscribe link of marketing mail (docs/product.md#unsubscribe). GET is the page, which only
 * shows a button: mail scanners open links, and opening must change nothing. POST unsubscribes: the
 * page's button (then back to the page with the outcome) or a mail provider's RFC 8058 one-click
 * request (`List-Unsubscribe=One-Click`, answered 200 with no page). An unknown link unsubscribes
 * nobody and says so.
 */
export function unsubscribeRoutes(router: Router, platform: Platform): void {
  router.post('/:lang/unsubscribe/:token', express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 }), async (req, res, next) => {
    const lang = String(req.params.lang)
    const token = String(req.params.token)
    if (!isUrlLanguage(lang)) return next()
    const body = (req.body ?? {}) as Record<string, string>
    const fromPage = body.from === 'page'
    res.setHeader('Cache-Control', 'no-store')
    try {
      const ip = (res.locals.context?.ip as string | undefined) ?? req.ip ?? ''
      await platform.rateLimits.consume({ name: 'messages.unsubscribe', points: 30, durationSeconds: 600 }, ip)
      const recipient = token.length <= 100 ? await repo.recipientByToken(platform.db, hashToken(token)) : null
      if (recipient) await repo.suppress(platform.db, platform.config.BRAND_NAME, recipient.email, 'unsubscribed')
      if (fromPage) return res.redirect(303, `${unsubscribePath(lang, token)}?${recipient ? 'done=1' : 'invalid=1'}`)
      res
        .status(recipient ? 200 : 404)
        .type('text/plain')
        .send(recipient ? 'unsubscribed' : 'unknown link')
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error)
      if (fromPage) return res.redirect(303, `${unsubscribePath(lang, token)}?failed=1`)
      // The one refusal here is the rate limit.
      res.status(429).type('text/plain').send(error.code)
    }
  })

  /**
   * The mail provider's report of a hard bounce, a complaint or an unsubscribe it received (the
   * List-Unsubscribe mailto): `Authorization: Bearer <MAIL_EVENTS_SECRET>` and
   * `{ "address": "...", "event": "bounce" | "complaint" | "unsubscribe", "permanent": true }`. A soft
   * bounce (`permanent: false`) is not recorded: the outbox tries again.
   */
  router.post(MAIL_EVENTS_PATH, express.json({ limit: '4kb' }), async (req, res, next) => {
    const secret = platform.config.MAIL_EVENTS_SECRET
    if (!secret) return next()
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? ''
    if (!sameSecret(given, secret)) return res.status(401).json({ error: 'unauthorised' })
    const { address, event, permanent } = (req.body ?? {}) as { address?: unknown; event?: unknown; permanent?: unknown }
    if (typeof address !== 'string' || !/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(address) || typeof event !== 'string' || !(event in MAIL_EVENTS)) {
      return res.status(400).json({ error: 'invalid' })
    }
    if (event === 'bounce' && permanent === false) return res.json({ recorded: false })
    try {
      await repo.suppress(platform.db, platform.config.BRAND_NAME, address, MAIL_EVENTS[event as keyof typeof MAIL_EVENTS])
      res.json({ recorded: true })
    } catch (error) {
      next(error)
    }
  })
}
