import express, { type Router } from 'express'
import type { Platform } from '../platform.ts'
import type { TicketSigner } from './e-tickets.ts'
import type { PaymentsService } from './payments/payments.service.ts'

/**
 * HTTP routes of the tickets domain that are not gateway functions: the e-ticket public key at a
 * stable address, and Stripe's signed webhook (the raw body is what the signature covers).
 */
export function ticketRoutes(router: Router, platform: Platform, signer: TicketSigner, payments: PaymentsService): void {
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
