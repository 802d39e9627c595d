import type { Logger } from 'pino'
import type { PaymentMethod } from '../../../../shared/rules/tickets.ts'
import type { ProviderCheckout } from './payments.repo.ts'
import { type CardProvider, createBankRefunds, createSandboxRefunds, type RefundProvider } from './providers.ts'

export interface Checkouts {
  /** Stripe when configured; null otherwise. */
  card(): CardProvider | null
  /** Configuration seam: tests give a stand-in of Stripe after the app is built. */
  setCard(provider: CardProvider | null): void
  /** Payment methods offered now: the sandbox never in production. */
  methods(): PaymentMethod[]
  /** Who refunds a payment made with `provider` (null: Stripe is not configured any more). */
  refunder(provider: 'sandbox' | 'stripe' | 'bank'): RefundProvider | null
  /** Closes checkouts at the card provider after commit; a failure there is logged, never the buyer's problem. */
  close(attempts: ProviderCheckout[]): void
}

/** The payment providers of the domain, made once at setup and handed to every service that needs one. */
export function createCheckouts(options: { card: CardProvider | null; isProduction: boolean; logger: Logger }): Checkouts {
  let card = options.card
  const sandbox = createSandboxRefunds()
  const bank = createBankRefunds()
  return {
    card: () => card,
    setCard(provider) {
      card = provider
    },
    refunder: (provider) => (provider === 'sandbox' ? sandbox : provider === 'bank' ? bank : card),
    methods: () => (card ? (options.isProduction ? ['card'] : ['card', 'sandbox']) : ['sandbox']),
    close(attempts) {
      for (const attempt of attempts) {
        if (attempt.provider === 'stripe' && attempt.provider_ref && card) {
          card.cancel(attempt.provider_ref).catch((error: unknown) => options.logger.warn({ err: error }, 'could not close a Stripe Checkout Session'))
        }
      }
    },
  }
}
