import express, { type Router } from 'express'
import type { UserInfo } from '../../../shared/contracts/accounts.ts'
import { isUrlLanguage, localeOf } from '../../../shared/languages.ts'
import { INVOICE_PDF_ROUTE, TICKET_PDF_ROUTE } from '../../../shared/checkout-steps.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import type { TicketSigner } from './e-tickets.ts'
import type { OrdersService } from './orders.service.ts'
import type { PaymentsService } from './payments/payments.service.ts'
import type { Caller } from './tickets-context.ts'
import { loadStrings } from '../kit/strings.ts'

const ORDER_NUMBER = /^T-[0-9A-HJKMNP-TV-Z]{10}$/
const PDF_FILE = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\.pdf$/
const DOCUMENT_FILE = /^([A-Z0-9-]{1,40})\.pdf$/
/** A PDF costs ~0.1 s of CPU: a buyer downloads a few, a script looping on the link is stopped. */
const PDF_RULE: RateRule = { name: 'ticket-pdf-account', points: 30, durationSeconds: 60 }

/**
 * HTTP routes of the tickets domain that are not gateway functions: the e-ticket public key at a
 * stable address, and Stripe's signed webhook (the raw body is what the signature covers).
 */
export function ticketRoutes(router: Router, platform: Platform, signer: TicketSigner, payments: PaymentsService, orders: OrdersService): void {
  const strings = loadStrings('tickets')

  /**
   * A PDF of the order's owner's: the login cookie is resolved for page paths (accounts' session
   * middleware), so a plain link downloads it. Anything else, a bad order number or file name
   * included, is the same translated 404: nothing tells what exists.
   */
  const pdfRoute = (route: string, file: RegExp, make: (caller: Caller, orderNumber: string, name: string) => Promise<{ filename: string; pdf: Uint8Array }>) =>
    router.get(route, async (req, res, next) => {
      const { lang, number = '', file: fileName = '' } = req.params as Record<string, string>
      if (!lang || !isUrlLanguage(lang)) return next()
      const locale = localeOf(lang)
      const t = strings(locale)
      res.setHeader('Cache-Control', 'private, no-store')
      res.setHeader('X-Robots-Tag', 'noindex, nofollow')
      const user = res.locals.user as UserInfo | undefined
      if (!user) return res.status(401).type('text/plain; charset=utf-8').send(t('pdf.signIn'))
      const name = file.exec(fileName)?.[1]
      const orderNumber = number.toUpperCase()
      const missing = () => res.status(404).type('text/plain; charset=utf-8').send(t('pdf.notFound'))
      if (!name || !ORDER_NUMBER.test(orderNumber)) return missing()
      try {
        await platform.rateLimits.consume(PDF_RULE, user.userId)
      } catch (error) {
        if (!(error instanceof DomainError)) return next(error)
        res.setHeader('Retry-After', String(error.params.seconds ?? 60))
        return res.status(error.errorCode).type('text/plain; charset=utf-8').send(t('pdf.tooMany'))
      }
      try {
        const { filename, pdf } = await make({ userId: user.userId, locale, ip: res.locals.context.ip }, orderNumber, name)
        res.setHeader('Content-Type', 'application/pdf')
        res.setHeader('Content-Disposition', `attachment; filename="${filename}"`)
        res.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
      } catch (error) {
        if (error instanceof DomainError && error.errorCode === ERROR_CODES.notFound) return missing()
        next(error)
      }
    })

  // An e-ticket (docs/product.md#tickets), and an invoice or credit note (docs/product.md#invoices).
  pdfRoute(TICKET_PDF_ROUTE, PDF_FILE, (caller, orderNumber, ticketId) => orders.ticketPdf(caller, orderNumber, ticketId.toLowerCase()))
  pdfRoute(INVOICE_PDF_ROUTE, DOCUMENT_FILE, (caller, orderNumber, documentNumber) => orders.documentPdf(caller, orderNumber, documentNumber))

  router.get('/api/tickets/public-key', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600')
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.json({
      ...signer.publicKey(),
      format: 'ET1.<kid>.<base64url(ticket id: 16 bytes, exhibition id: 4 bytes big-endian)>.<base64url(Ed25519 signature of everything before the last dot)>',
    })
  })

  router.post('/api/payments/stripe/webhook', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const card = payments.cardProvider()
    res.setHeader('Cache-Control', 'no-store')
    if (!card) return res.status(404).json({ error: 'not configured' })
    const signature = req.get('stripe-signature')
    if (!signature || !Buffer.isBuffer(req.body)) return res.status(400).json({ error: 'signature missing' })
    let event: ReturnType<typeof card.parseWebhook>
    try {
      event = card.parseWebhook(req.body, signature)
    } catch {
      return res.status(400).json({ error: 'signature invalid' })
    }
    try {
      const outcome = await payments.handleStripeEvent(event)
      res.json({ received: true, outcome })
    } catch (error) {
      // Stripe retries on 5xx: nothing is lost while the database is away.
      platform.logger.error({ err: error, eventId: event.id }, 'Stripe event could not be handled')
      res.status(500).json({ error: 'try again' })
    }
  })
}
