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
/** A ticket's id, and which of its files: its PDF, and its wallet pass or wallet link where that wallet is configured (docs/product.md#wallet-passes). */
const ticketFile = (kinds: string[]) => new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\\.(${kinds.join('|')})$`)
const DOCUMENT_FILE = /^([A-Z0-9-]{1,40})\.pdf$/
/** What a file route answers: a file to download, or the address to go on to. */
type Delivery = { filename: string; contentType: string; body: Uint8Array } | { location: string }

/** A PDF costs ~0.1 s of CPU: a buyer downloads a few, a script looping on the link is stopped. */
const PDF_RULE: RateRule = { name: 'ticket-pdf-account', points: 30, durationSeconds: 60 }

/**
 * HTTP routes of the tickets domain that are not gateway functions: the e-ticket public key at a
 * stable address, and Stripe's signed webhook (the raw body is what the signature covers).
 */
export function ticketRoutes(router: Router, platform: Platform, signer: TicketSigner, payments: PaymentsService, orders: OrdersService): void {
  const strings = loadStrings('tickets')

  /**
   * A file of the order's owner's: the login cookie is resolved for page paths (accounts' session
   * middleware), so a plain link downloads it. Anything else, a bad order number or file name
   * included, is the same translated 404: nothing tells what exists.
   */
  const fileRoute = (route: string, file: RegExp, make: (caller: Caller, orderNumber: string, name: string, kind: string) => Promise<Delivery>) =>
    router.get(route, async (req, res, next) => {
      const { lang, number = '', file: fileName = '' } = req.params as Record<string, string>
      if (!lang || !isUrlLanguage(lang)) return next()
      const locale = localeOf(lang)
      const t = strings(locale)
      res.setHeader('Cache-Control', 'private, no-store')
      res.setHeader('X-Robots-Tag', 'noindex, nofollow')
      const user = res.locals.user as UserInfo | undefined
      if (!user) return res.status(401).type('text/plain; charset=utf-8').send(t('pdf.signIn'))
      const [, name, kind = 'pdf'] = file.exec(fileName) ?? []
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
        const delivery = await make({ userId: user.userId, locale, ip: res.locals.context.ip }, orderNumber, name, kind)
        if ('location' in delivery) return res.redirect(303, delivery.location)
        const { filename, contentType, body } = delivery
        res.setHeader('Content-Type', contentType)
        res.setHeader('Content-Disposition', `attachment; filename="${filename}"`)
        res.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength))
      } catch (error) {
        if (error instanceof DomainError && error.errorCode === ERROR_CODES.notFound) return missing()
        next(error)
      }
    })

  // An e-ticket (docs/product.md#tickets) as PDF, as an Apple Wallet pass, or on to Google Wallet
  // (docs/product.md#wallet-passes; a wallet not configured answers the same 404 as a ticket not found).
  const { wallets } = platform.config
  const ticketKinds = ['pdf', ...(wallets.apple ? ['pkpass'] : []), ...(wallets.google ? ['google-wallet'] : [])]
  fileRoute(TICKET_PDF_ROUTE, ticketFile(ticketKinds), async (caller, orderNumber, ticketId, kind) => {
    const id = ticketId.toLowerCase()
    if (kind === 'pkpass') {
      const { filename, pass } = await orders.applePass(caller, orderNumber, id)
      return { filename, contentType: 'application/vnd.apple.pkpass', body: pass }
    }
    if (kind === 'google-wallet') return { location: await orders.googleWalletUrl(caller, orderNumber, id) }
    const { filename, pdf } = await orders.ticketPdf(caller, orderNumber, id)
    return { filename, contentType: 'application/pdf', body: pdf }
  })
  // An invoice or credit note (docs/product.md#invoices).
  fileRoute(INVOICE_PDF_ROUTE, DOCUMENT_FILE, async (caller, orderNumber, documentNumber) => {
    const { filename, pdf } = await orders.documentPdf(caller, orderNumber, documentNumber)
    return { filename, contentType: 'application/pdf', body: pdf }
  })

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
