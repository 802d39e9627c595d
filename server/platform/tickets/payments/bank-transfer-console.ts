import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-bank-transfer.ts'
import { BANK_DEADLINE_DAYS, TRANSFER_QUEUE_PAGE_SIZE } from '../../../../shared/rules/bank-transfer.ts'
import { parseMoney } from '../../../../shared/rules/money.ts'
import { invalid } from '../../errors.ts'
import { exhibitionInScope } from '../../exhibitions/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { matchByHand } from './bank-transfer.ts'
import * as repo from './bank-transfer.repo.ts'

/**
 * The console's side of bank transfer (docs/product.md#bank-transfer): an exhibition's account and
 * deadline (managers; every change audited with what it was and became), the queue of transfers,
 * and a match typed by hand.
 */

type SettingsView = z.output<typeof contracts.saveBankTransfer.result>

function settingsView(exhibitionId: number, row: repo.BankSettingsRow | null): SettingsView {
  return {
    exhibitionId,
    enabled: row?.enabled ?? false,
    holder: row?.account_holder ?? '',
    accountKind: row?.account_number ? 'local' : 'iban',
    iban: row?.iban ?? '',
    bic: row?.bic ?? '',
    accountNumber: row?.account_number ?? '',
    bankName: row?.bank_name ?? '',
    deadlineDays: row?.deadline_days ?? BANK_DEADLINE_DAYS.default,
  }
}

export async function saveBankSettings(
  context: TicketsContext,
  actor: StaffActor,
  input: z.output<typeof contracts.saveBankTransfer.payload>,
): Promise<SettingsView> {
  const { db } = context.platform
  return db.transaction(async (tx) => {
    await exhibitionInScope(tx, actor.scope, input.exhibitionId, true)
    const before = await repo.settingsOf(tx, input.exhibitionId, true)
    const iban = input.accountKind === 'iban'
    await repo.saveSettings(tx, input.exhibitionId, {
      enabled: input.enabled,
      account_holder: input.holder,
      iban: iban ? input.iban : null,
      bic: iban ? input.bic : null,
      account_number: iban ? null : input.accountNumber,
      bank_name: iban ? input.bankName || null : input.bankName,
      deadline_days: input.deadlineDays,
    })
    const after = settingsView(input.exhibitionId, await repo.settingsOf(tx, input.exhibitionId))
    await context.platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$saveBankTransfer',
        target: `exhibition:${input.exhibitionId}`,
        before: before ? settingsView(input.exhibitionId, before) : null,
        after,
      },
    )
    return after
  })
}

export function transferView(row: repo.TransferRow | repo.QueueRow): z.output<typeof contracts.transferView> {
  const order = 'order_number' in row ? row : null
  return {
    id: row.id,
    source: row.source,
    bookedOn: row.booked_on,
    amountMinor: row.amount_minor,
    currency: row.currency,
    remittance: row.remittance,
    payer: row.payer,
    reference: row.reference,
    orderNumber: order?.order_number ?? null,
    orderTotalMinor: order?.order_total_minor ?? null,
    orderCurrency: order?.order_currency ?? null,
    state: row.state,
    issue: row.issue,
    recordedAt: row.created_at.toISOString(),
  }
}

/** The exhibition's account and deadline, and a page of its transfers. */
export async function bankTransferView(
  context: TicketsContext,
  actor: StaffActor,
  query: z.output<typeof contracts.bankTransfer.payload>,
): Promise<z.output<typeof contracts.bankTransfer.result>> {
  const { db } = context.platform
  await exhibitionInScope(db, actor.scope, query.exhibitionId)
  const settings = settingsView(query.exhibitionId, await repo.settingsOf(db, query.exhibitionId))
  const { rows, total } = await repo.transferQueue(
    db,
    query.exhibitionId,
    query.show === 'open',
    TRANSFER_QUEUE_PAGE_SIZE,
    (query.page - 1) * TRANSFER_QUEUE_PAGE_SIZE,
  )
  return { settings, transfers: { items: rows.map(transferView), total, page: query.page, pageSize: TRANSFER_QUEUE_PAGE_SIZE } }
}

/** A match by hand as staff type it: the amount as money ("299.00") in the currency's digits. */
export async function matchTyped(
  context: TicketsContext,
  actor: StaffActor,
  input: z.output<typeof contracts.matchTransfer.payload>,
): Promise<z.output<typeof contracts.matchTransfer.result>> {
  const amount = parseMoney(input.amount, input.currency)
  if ('problem' in amount || amount.minor <= 0) throw invalid({ amount: 'console:bankTransfer.badAmount' })
  const matched = await matchByHand(context, actor, {
    exhibitionId: input.exhibitionId,
    reference: input.reference,
    amountMinor: amount.minor,
    currency: input.currency,
    bookedOn: null,
    payer: input.payer || null,
  })
  // A match by hand is recorded under a key of its own, so it is never a repeat.
  if (matched.applied === 'repeat') throw new Error('a match by hand was taken for a repeat')
  return { state: matched.applied, transferId: matched.transferId, orderNumber: matched.orderNumber }
}
