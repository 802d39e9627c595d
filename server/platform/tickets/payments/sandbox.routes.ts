import { createHash, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import express, { type Request, type Response, type Router } from 'express'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import type { Platform } from '../../platform.ts'
import { escapeHtml } from '../../kit/escape.ts'
import { formatMoney } from '../format.ts'
import type { Translate } from '../../kit/strings.ts'
import { orderScreenPath } from '../order-links.ts'
import { checkoutExpired } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import type { PaymentsService } from './payments.service.ts'
import * as paymentsRepo from './payments.repo.ts'

const CSS = readFileSync(new URL('./sandbox.css', import.meta.url))
const CSS_PATH = `/pay/sandbox/assets/sandbox.${createHash('sha256').update(CSS).digest('hex').slice(0, 12)}.css`

/** How long the sandbox's "the bank answers later" takes. */
export const SANDBOX_SETTLE_SECONDS = 8

const ACTIONS = ['pay', 'later', 'declineLater', 'decline', 'abandon'] as const
type Action = (typeof ACTIONS)[number]

function sameSecret(given: unknown, expected: string | null): boolean {
  if (typeof given !== 'string' || !expected) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

interface PageInput {
  t: Translate
  locale: Locale
  brand: string
  title: string
  body: string
}

function page({ t, locale, brand, title, body }: PageInput): string {
  const lang = LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · ${escapeHtml(t('sandbox.badge'))} | ${escapeHtml(brand)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${CSS_PATH}">
</head>
<body>
<div class="testBanner" role="note"><span class="badge">${escapeHtml(t('sandbox.badge'))}</span><span>${escapeHtml(t('sandbox.banner'))}</span></div>
<main id="main"><div class="card">${body}</div></main>
</body>
</html>`
}

/**
 * The built-in sandbox provider's hosted page (docs/product.md#orders): clearly a test, it lets the payer pay, pay
 * with a late confirmation, have the payment declined, or abandon it. Its address carries the
 * attempt's secret, which is the capability to pay (as a real provider's checkout address is).
 */
export function sandboxRoutes(router: Router, platform: Platform, payments: PaymentsService, strings: (locale: Locale) => Translate): void {
  const { config } = platform
  const form = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 10 })

  router.get(CSS_PATH, (_req, res) => {
    res.setHeader('Content-Type', 'text/css; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    res.end(CSS)
  })

  const send = (res: Response, status: number, locale: Locale, title: string, body: string) => {
    res.status(status)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    // The address holds the attempt's secret: never send it on as a referrer.
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.end(page({ t: strings(locale), locale, brand: config.BRAND_NAME, title, body }))
  }

  const notFoundPage = (res: Response) => {
    const t = strings('en')
    send(res, 404, 'en', t('sandbox.title'), `<h1>${escapeHtml(t('sandbox.title'))}</h1><p class="status">${escapeHtml(t('sandbox.notFound'))}</p>`)
  }

  /**
   * The attempt may no longer take money (order-rules.ts `checkoutExpired`): answered as a real
   * provider answers an expired checkout session, and nothing is recorded.
   */
  const expiredPage = (res: Response, order: orders.OrderRow) => {
    const locale = order.locale as Locale
    const t = strings(locale)
    send(
      res,
      410,
      locale,
      t('sandbox.expiredTitle'),
      `<h1>${escapeHtml(t('sandbox.expiredTitle'))}</h1><p class="status" role="status">${escapeHtml(t('sandbox.expired', { number: order.number }))}</p><p><a href="${escapeHtml(orderScreenPath(order, 'orders'))}">${escapeHtml(t('sandbox.backToOrder'))}</a></p>`,
    )
  }

  const load = async (req: Request, key: unknown) => {
    const attempt = await paymentsRepo.attemptById(platform.db, String(req.params.attemptId ?? ''))
    if (attempt?.provider !== 'sandbox' || !sameSecret(key, attempt.sandbox_secret)) return null
    const order = await orders.orderById(platform.db, attempt.order_id)
    return order ? { attempt, order } : null
  }

  router.get('/pay/sandbox/:attemptId', async (req, res, next) => {
    try {
      const found = await load(req, req.query.key)
      if (!found) return notFoundPage(res)
      const { attempt, order } = found
      if (checkoutExpired(order, attempt)) return expiredPage(res, order)
      const locale = order.locale as Locale
      const t = strings(locale)
      const amount = formatMoney(attempt.amount_minor, attempt.currency, locale)
      const facts = `<dl>
<dt>${escapeHtml(t('sandbox.merchant'))}</dt><dd>${escapeHtml(config.BRAND_NAME)}</dd>
<dt>${escapeHtml(t('sandbox.order'))}</dt><dd>${escapeHtml(order.number)}</dd>
<dt>${escapeHtml(t('sandbox.amount'))}</dt><dd class="amount">${escapeHtml(amount)}</dd>
</dl>`
      const head = `<h1>${escapeHtml(t('sandbox.title'))}</h1><p class="merchant">${escapeHtml(t('sandbox.intro', { brand: config.BRAND_NAME }))}</p>`
      if (attempt.status !== 'open' || order.status !== 'pending') {
        const state = order.status === 'paid' && attempt.status === 'succeeded' ? 'succeeded' : attempt.status
        return send(
          res,
          200,
          locale,
          t('sandbox.title'),
          `${head}${facts}<p class="status" role="status">${escapeHtml(t(`sandbox.status.${state}`))}</p><p><a href="${escapeHtml(orderScreenPath(order, 'orders'))}">${escapeHtml(t('sandbox.backToOrder'))}</a></p>`,
        )
      }
      const key = escapeHtml(String(req.query.key))
      const choice = (action: Action, style: string, label: string, hint: string) =>
        `<div class="choice"><button type="submit" name="action" value="${action}" class="${style}" aria-describedby="hint-${action}">${escapeHtml(label)}</button><p class="hint" id="hint-${action}">${escapeHtml(hint)}</p></div>`
      send(
        res,
        200,
        locale,
        t('sandbox.title'),
        `${head}${facts}<p class="note">${escapeHtml(t('sandbox.note'))}</p>
<form method="post" action="/pay/sandbox/${escapeHtml(attempt.id)}">
<input type="hidden" name="key" value="${key}">
<fieldset><legend>${escapeHtml(t('sandbox.choose'))}</legend>
${choice('pay', 'primary', t('sandbox.pay', { amount }), t('sandbox.payHint'))}
${choice('later', 'secondary', t('sandbox.later'), t('sandbox.laterHint', { seconds: SANDBOX_SETTLE_SECONDS }))}
${choice('declineLater', 'secondary', t('sandbox.declineLater'), t('sandbox.declineLaterHint', { seconds: SANDBOX_SETTLE_SECONDS }))}
${choice('decline', 'danger', t('sandbox.decline'), t('sandbox.declineHint'))}
${choice('abandon', 'secondary', t('sandbox.abandon'), t('sandbox.abandonHint'))}
</fieldset>
</form>`,
      )
    } catch (error) {
      next(error)
    }
  })

  router.post('/pay/sandbox/:attemptId', form, async (req, res, next) => {
    try {
      const body = (req.body ?? {}) as Record<string, unknown>
      const found = await load(req, body.key)
      if (!found) return notFoundPage(res)
      const { attempt, order } = found
      // The page's button posted after the order was cancelled or expired, or a replayed POST.
      if (checkoutExpired(order, attempt)) return expiredPage(res, order)
      const action = ACTIONS.find((candidate) => candidate === body.action)
      if (!action) return res.redirect(303, `/pay/sandbox/${attempt.id}?key=${encodeURIComponent(String(body.key))}`)
      if (action === 'pay' || action === 'later' || action === 'declineLater') {
        // The outcome and its time are recorded before anything else happens, so a process that dies
        // here loses nothing: any instance settles the payment from the record (check-payment.ts).
        const settlement: paymentsRepo.SandboxSettlement =
          action === 'pay'
            ? { outcome: 'succeeded', inSeconds: 0 }
            : { outcome: action === 'later' ? 'succeeded' : 'declined', inSeconds: SANDBOX_SETTLE_SECONDS }
        await payments.markProcessing(attempt.id, { provider: 'sandbox', settlement })
        if (action === 'pay') await payments.settleFromRecord(attempt.id)
        const now = await paymentsRepo.attemptById(platform.db, attempt.id)
        if (now?.status === 'succeeded') return res.redirect(303, orderScreenPath(order, 'success'))
        return res.redirect(303, orderScreenPath(order, now?.status === 'processing' ? 'paymentCheck' : 'orders'))
      }
      await payments.fail(attempt.id, { provider: 'sandbox', reason: action === 'decline' ? 'declined' : 'abandoned' })
      return res.redirect(303, orderScreenPath(order, 'payment', { result: action === 'decline' ? 'failed' : 'cancelled' }))
    } catch (error) {
      next(error)
    }
  })
}
