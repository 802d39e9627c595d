import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { MESSAGES } from '../../../shared/rules/tickets.ts'
import { conflict, DomainError, gone } from '../errors.ts'
import { MAX_SEATS_HELD_PER_ACCOUNT, type Refusal } from './order-rules.ts'

/** The buyer's messages for the refusals of order-rules.ts (`tickets:messages.*`, docs/product.md#order-states). */
const REFUSALS: Record<Refusal, () => DomainError> = {
  orderPaid: () => conflict('tickets:messages.orderPaid'),
  orderCancelled: () => gone('tickets:messages.orderCancelled'),
  orderExpired: () => gone('tickets:messages.orderExpired'),
  paymentInProgress: () => conflict('tickets:messages.paymentInProgress'),
  orderNotPaid: () => conflict('tickets:messages.orderNotPaid'),
}

export function refusalError(refusal: Refusal): DomainError {
  return REFUSALS[refusal]()
}

/** Another buyer holds the rows longer than we wait: the buyer may try again. */
export const busy = () => conflict('tickets:messages.busy')

/** The account holds as many unpaid seats for the exhibition as it may (docs/product.md#tickets "Up to five tickets can be purchased"). */
export const seatLimit = () =>
  new DomainError('tickets:messages.ticketLimit', ERROR_CODES.conflict, { max: MAX_SEATS_HELD_PER_ACCOUNT }, { lines: MESSAGES.ticketLimit })
