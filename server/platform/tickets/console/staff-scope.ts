import type { Queryable } from '../../../db/client.ts'
import { conflict, type DomainError, gone, notFound } from '../../errors.ts'
import type { StaffActor } from '../../staff-actor.ts'
import type { Refusal } from '../order-rules.ts'
import type { OrderRow } from '../orders.repo.ts'
import { orderByNumber } from './staff-orders.repo.ts'

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
