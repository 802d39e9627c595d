import type { Queryable } from '../../../db/client.ts'
import type { TransferDetails } from '../order-mails.ts'
import type * as orders from '../orders.repo.ts'
import type { TicketsContext } from '../tickets-context.ts'
import * as repo from './bank-transfer.repo.ts'
import type * as payments from './payments.repo.ts'

/**
 * Whether an exhibition offers bank transfer, and an open transfer's instructions
 * (docs/product.md#bank-transfer): what the order page reads, apart from the matching, which pays.
 */

/** What the buyer's order page and mail show: where to send how much, by when, with which reference. */
export function instructionsOf(
  settings: repo.BankSettingsRow,
  attempt: Pick<payments.AttemptRow, 'bank_reference' | 'amount_minor' | 'currency'>,
  dueAt: Date,
): TransferDetails {
  return {
    reference: attempt.bank_reference as string,
    holder: settings.account_holder,
    iban: settings.iban,
    bic: settings.bic,
    accountNumber: settings.account_number,
    bankName: settings.bank_name,
    amountMinor: attempt.amount_minor,
    currency: attempt.currency,
    dueAt,
  }
}

/** The exhibition offers bank transfer now. */
export async function offersTransfer(context: TicketsContext, exhibitionId: number): Promise<boolean> {
  return (await repo.settingsOf(context.platform.db, exhibitionId))?.enabled === true
}

/** The instructions of the order's open transfer, if it has one. */
export async function openInstructions(db: Queryable, order: orders.OrderRow, attempt: payments.AttemptRow | null): Promise<TransferDetails | null> {
  if (attempt?.provider !== 'bank' || attempt.status !== 'open' || order.status !== 'pending') return null
  const settings = await repo.settingsOf(db, order.exhibition_id)
  return settings ? instructionsOf(settings, attempt, order.expires_at) : null
}
