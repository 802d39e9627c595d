import express, { type Router } from 'express'
import { COOKIES } from '../../../shared/contracts/cookies.ts'
import type { ScamReportForm } from '../../../shared/contracts/scam-reports.ts'
import { isUrlLanguage, localeOf } from '../../../shared/languages.ts'
import { reportPath, reportThanksPath, SCAM_REPORT_LIMITS } from '../../../shared/rules/scam-reports.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { ScamReportService } from './scam-reports.service.ts'

const one = (value: unknown, max: number): string =>
  (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '').slice(0, max)

/** The form's fields as a browser posts them without JavaScript (`channel` repeated). */
export function formOf(body: Record<string, unknown>): ScamReportForm {
  const channels = body.channel === undefined ? [] : Array.isArray(body.channel) ? body.channel : [body.channel]
  return {
    description: one(body.description, SCAM_REPORT_LIMITS.description + 200),
    channels: channels
      .filter((value): value is string => typeof value === 'string')
      .slice(0, SCAM_REPORT_LIMITS.channels)
      .map((value) => value.slice(0, 2000)),
    happenedOn: one(body.happenedOn, 10),
    amount: one(body.amount, 40),
    currency: one(body.currency, 3),
    email: one(body.email, SCAM_REPORT_LIMITS.email + 20),
    consent: one(body.consent, 10) === 'yes',
  }
}

/**
 * The report form without JavaScript (docs/product.md#scam-reports): the browser posts to the page's own
 * address; a report made goes on to the thank-you page (303), a refused one back to the form with its
 * values and messages, kept under an unguessable id for minutes (never in the address: they are personal).
 */
export function scamReportRoutes(router: Router, platform: Platform, service: ScamReportService): void {
  router.post('/:lang/verify/report.html', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 50 }), async (req, res, next) => {
    const lang = String(req.params.lang)
    if (!isUrlLanguage(lang)) return next()
    const ip = (res.locals.context?.ip as string | undefined) ?? req.ip ?? ''
    const verified = platform.tokens.verify(req.cookies?.[COOKIES.accessToken])
    const userId = verified.ok && verified.principal.kind === 'user' ? verified.principal.userId : null
    const form = formOf((req.body ?? {}) as Record<string, unknown>)
    res.setHeader('Cache-Control', 'no-store')
    try {
      const { reference } = await service.submit(form, { ip, locale: localeOf(lang), userId })
      res.redirect(303, reportThanksPath(lang, reference))
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error)
      const seconds = typeof error.params.seconds === 'number' ? error.params.seconds : null
      const draft = service.keepDraft(form, {
        errors: error.fields ?? {},
        failed: error.fields ? null : error.code === 'errors.rateLimited' ? error.code : 'errors.unexpected',
        seconds,
      })
      res.redirect(303, `${reportPath(lang)}?${new URLSearchParams({ draft }).toString()}`)
    }
  })
}
