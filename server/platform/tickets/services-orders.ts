import type { Queryable } from '../../db/client.ts'
import type { Platform } from '../platform.ts'
import { newOrderNumber } from './create-order.ts'
import { paymentWindowMinutes } from './order-rules.ts'
import * as orders from './orders.repo.ts'
import type { GrossLine } from '../invoices/index.ts'

/** A services order as the exhibitors' checklist opens it; the number and the countdown are the orders' own. */
export type ServicesOrderInput = Omit<orders.NewServicesOrder, 'number' | 'paymentMinutes'>
export type { ServiceLine } from './orders.repo.ts'

const summary = (order: orders.OrderRow) => ({ number: order.number, expiresAt: order.expires_at })

/**
 * Inside the checklist's transaction that locked the exhibitor (docs/product.md#exhibitor-forms): a
 * pending, confirmed order of kind services for the form's lines, with the countdown ticket orders have.
 */
export async function openServicesOrder(platform: Platform, tx: Queryable, input: ServicesOrderInput): Promise<{ number: string; expiresAt: Date }> {
  const order = await orders.insertServicesOrder(tx, { ...input, number: newOrderNumber(), paymentMinutes: paymentWindowMinutes(platform.config) })
  await orders.logEvent(tx, order.id, 'created', { form: input.taskId, exhibitor: input.exhibitorId })
  return summary(order)
}

export interface LiveServicesOrder {
  number: string
  status: 'pending' | 'paid'
  exhibitorId: number
  totalMinor: number
  currency: string
}

/** The forms' (task ids) orders that hold or bought their items, by task, newest first. */
export async function liveServicesOrders(db: Queryable, taskIds: readonly number[]): Promise<Map<number, LiveServicesOrder[]>> {
  const live = new Map<number, LiveServicesOrder[]>()
  for (const order of await orders.liveServicesOrders(db, taskIds)) {
    if (order.form_task_id === null || order.exhibitor_id === null || order.status === 'cancelled') continue
    const entry = { number: order.number, status: order.status, exhibitorId: order.exhibitor_id, totalMinor: order.total_minor, currency: order.currency }
    live.set(order.form_task_id, [...(live.get(order.form_task_id) ?? []), entry])
  }
  return live
}

/** A services order's lines as its invoice and credit notes name them: the items as the buyer read them when ordering. */
export function serviceInvoiceLines(order: orders.OrderRow): GrossLine[] {
  return (order.service_lines ?? []).map((line) => ({ name: line.label, quantity: line.quantity, grossMinor: line.quantity * line.unitPriceMinor }))
}
