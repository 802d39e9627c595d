import { type Locale, localeOf } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, type DomainError, gone, notFound } from '../../errors.ts'
import type { StaffCaller } from '../../gateway.ts'
import type { Refusal } from '../order-rules.ts'
import type { OrderRow } from '../orders.repo.ts'
import { orderByNumber, type Scope } from './staff-orders.repo.ts'

/** Who makes a console call: the member, the exhibitions they may work on, and their address (for the audit log). */
export interface StaffActor {
  staffId: string
  scope: Scope
  address: string
  /** The locale of the member's console language: exhibitions are named in it. */
  locale: Locale
}

export const actorOf = (caller: StaffCaller, address: string): StaffActor => ({
  staffId: caller.staffId,
  scope: caller.exhibitionIds,
  address,
  locale: localeOf(caller.language),
})

export const orderNotFound = () => notFound('console:errors.orderNotFound')

/** An order of an exhibition outside the member's limits does not exist for them. */
export async function orderInScope(db: Queryable, actor: StaffActor, number: string, lock = false): Promise<OrderRow> {
  const order = await orderByNumber(db, number, lock)
  if (!order || (actor.scope !== null && !actor.scope.includes(order.exhibition_id))) throw orderNotFound()
  return order
}

/** Staff's words for the refusals of order-rules.ts (`console:errors.*`). */
const REFUSALS: Record<Refusal, () => DomainError> = {
  orderPaid: () => conflict('console:errors.orderPaid'),
  orderCancelled: () => gone('console:errors.orderCancelled'),
  orderExpired: () => gone('console:errors.orderExpired'),
  paymentInProgress: () => conflict('console:errors.paymentInProgress'),
  orderNotPaid: () => conflict('console:errors.orderNotPaid'),
}

export const staffRefusal = (refusal: Refusal) => REFUSALS[refusal]()

/** Another member (or the buyer) holds the order past the lock timeout: staff's words for "try again". */
export const staffBusy = () => conflict('console:errors.orderBusy')
