import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/exhibitor-tasks.ts'
import type { ConsoleForm } from '../../../../shared/contracts/console-exhibitor-tasks.ts'
import { contentFallbackChain, type Locale } from '../../../../shared/languages.ts'
import { FORM_MESSAGES, formTotal } from '../../../../shared/rules/exhibitor-tasks.ts'
import { formatMoney } from '../../../../shared/rules/money.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import { boothOrderByKey, liveServicesOrders, openServicesOrder, type ServiceLine } from '../../tickets/index.ts'
import * as forms from './forms.repo.ts'
import * as repo from './tasks.repo.ts'

/**
 * Priced forms on the exhibitors' checklist (docs/product.md#exhibitor-forms): the organiser's items
 * with their prices, ordered by an admin of the exhibitor as an order of kind services on the ticket
 * orders' machinery. The task is done when such an order is paid (the tickets domain tells us, in the
 * payment's transaction) and undone when staff cancel it.
 */

type OrderPayload = z.output<typeof contracts.orderExhibitorForm.payload>
type ChecklistForm = NonNullable<z.output<typeof contracts.checklistView>['tasks'][number]['form']>

export interface ExhibitorFormsService {
  /** Inside the payment's transaction: the form's task is done for the exhibitor. */
  paid(tx: Queryable, taskId: number, exhibitorId: number, accountId: string): Promise<void>
  /** Inside a staff cancellation's transaction: the paid order is gone, so is the task's done. */
  cancelled(tx: Queryable, taskId: number, exhibitorId: number): Promise<void>
}

declare module '../../platform.ts' {
  interface Services {
    exhibitorForms: ExhibitorFormsService
  }
}

export function registerFormService(platform: Platform): void {
  platform.services.exhibitorForms = {
    paid: (tx, taskId, exhibitorId, accountId) => repo.confirm(tx, taskId, exhibitorId, accountId, new Date(Date.now())),
    cancelled: (tx, taskId, exhibitorId) => forms.unconfirm(tx, taskId, exhibitorId),
  }
}

/** Along the reader's fallback chain, English last. */
const wordIn = (words: Partial<Record<Locale, string>>, locale: Locale) =>
  contentFallbackChain(locale)
    .map((language) => words[language])
    .find(Boolean) ?? ''

/** The console's view of each form task of an exhibition: items, and the paid orders with their sum. */
export async function consoleForms(db: Queryable, tasks: readonly repo.TaskRow[]): Promise<Map<number, ConsoleForm>> {
  const ids = tasks.filter((task) => task.kind === 'form').map((task) => task.id)
  const [items, currencies, orders] = await Promise.all([forms.itemsOf(db, ids), forms.currenciesOf(db, ids), liveServicesOrders(db, ids)])
  return new Map(
    ids.map((id) => {
      const paid = (orders.get(id) ?? []).filter((order) => order.status === 'paid')
      return [
        id,
        {
          currency: currencies.get(id) ?? 'USD',
          items: items
            .filter((item) => item.task_id === id)
            .map((item) => ({ id: item.id, labels: item.labels, units: item.units, priceMinor: item.unit_price_minor, maxQuantity: item.max_quantity })),
          orders: new Set(paid.map((order) => order.exhibitorId)).size,
          sumMinor: paid.reduce((sum, order) => sum + order.totalMinor, 0),
        },
      ]
    }),
  )
}

/** The exhibitor area's view of each form task: items in the member's language, and the exhibitor's live order. */
export async function checklistForms(db: Queryable, tasks: readonly repo.TaskRow[], exhibitorId: number, locale: Locale): Promise<Map<number, ChecklistForm>> {
  const ids = tasks.filter((task) => task.kind === 'form').map((task) => task.id)
  const [items, currencies, orders] = await Promise.all([forms.itemsOf(db, ids), forms.currenciesOf(db, ids), liveServicesOrders(db, ids)])
  return new Map(
    ids.map((id) => {
      const order = (orders.get(id) ?? []).find((candidate) => candidate.exhibitorId === exhibitorId)
      return [
        id,
        {
          currency: currencies.get(id) ?? 'USD',
          items: items
            .filter((item) => item.task_id === id)
            .map((item) => ({
              id: item.id,
              label: wordIn(item.labels, locale),
              unit: wordIn(item.units, locale),
              unitPriceMinor: item.unit_price_minor,
              maxQuantity: item.max_quantity,
            })),
          order: order ? { number: order.number, status: order.status, totalMinor: order.totalMinor } : null,
        },
      ]
    }),
  )
}

/**
 * An admin of an active exhibitor orders a form's items (docs/product.md#exhibitor-forms). In one
 * transaction: the exhibitor's row locked (its orders queue, so a double submit or two admins at once
 * make one order), the form read, each line checked against its item (quantity within the maximum,
 * the price the page showed still the price: 409 with the new one otherwise), and a pending order of
 * kind services opened with the countdown. One live order per form per exhibitor: the form is the
 * whole of what it orders, the maximum is per exhibitor, and a cancelled or expired order frees it.
 */
export async function orderForm(
  platform: Platform,
  accountId: string,
  locale: Locale,
  payload: OrderPayload,
): Promise<{ orderNumber: string; expiresAt: string }> {
  const { db, services } = platform
  const buyerEmail = (await services.accounts.profile(accountId)).email
  const order = await db.transaction(async (tx) => {
    const exhibitor = await services.exhibitors.lockForAdmin(tx, payload.exhibitorId, accountId, locale)
    const made = await boothOrderByKey(tx, accountId, payload.idempotencyKey)
    if (made) return made
    const task = await repo.task(tx, exhibitor.exhibitionId, payload.taskId)
    if (!task) throw notFound('exhibitor:errors.taskNotFound')
    if (task.kind !== 'form') throw invalid({ taskId: FORM_MESSAGES.notForm }, FORM_MESSAGES.notForm)
    const currency = (await forms.currenciesOf(tx, [task.id])).get(task.id) ?? 'USD'
    const items = new Map((await forms.itemsOf(tx, [task.id])).map((item) => [item.id, item]))
    const lines: ServiceLine[] = []
    const seen = new Set<number>()
    for (const [index, line] of payload.lines.entries()) {
      const item = items.get(line.itemId)
      if (!item || seen.has(line.itemId)) throw conflict(FORM_MESSAGES.changed)
      seen.add(line.itemId)
      const label = wordIn(item.labels, locale)
      if (item.unit_price_minor !== line.unitPriceMinor) {
        throw conflict(FORM_MESSAGES.priceChanged, { item: label, price: formatMoney(item.unit_price_minor, currency, locale) })
      }
      if (line.quantity > item.max_quantity) {
        throw invalid({ [`lines.${index}.quantity`]: FORM_MESSAGES.overMax }, FORM_MESSAGES.overMax)
      }
      if (line.quantity > 0)
        lines.push({ itemId: item.id, label, unit: wordIn(item.units, locale), quantity: line.quantity, unitPriceMinor: item.unit_price_minor })
    }
    if (!lines.length) throw invalid({ lines: FORM_MESSAGES.empty }, FORM_MESSAGES.empty)
    // An order holds at most 2,147,483,647 minor units (ticket_orders' int amounts).
    if (formTotal(lines) > 2_147_483_647) throw invalid({ lines: FORM_MESSAGES.tooMuch }, FORM_MESSAGES.tooMuch)
    const live = (await liveServicesOrders(tx, [task.id])).get(task.id) ?? []
    if (live.some((candidate) => candidate.exhibitorId === payload.exhibitorId)) throw conflict(FORM_MESSAGES.ordered)
    return openServicesOrder(platform, tx, {
      accountId,
      exhibitionId: exhibitor.exhibitionId,
      exhibitorId: payload.exhibitorId,
      taskId: task.id,
      lines,
      locale,
      buyerEmail,
      currency,
      invoiceRequest: payload.invoice,
      idempotencyKey: payload.idempotencyKey,
    })
  })
  return { orderNumber: order.number, expiresAt: order.expiresAt.toISOString() }
}
