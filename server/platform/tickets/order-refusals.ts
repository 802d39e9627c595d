import { conflict, type DomainError, gone } from '../errors.ts'
import type { Refusal } from './order-rules.ts'

/** The buyer's messages for the refusals of order-rules.ts (`tickets:messages.*`, SPEC §5). */
const REFUSALS: Record<Refusal, () => DomainError> = {
  orderPaid: () => conflict('tickets:messages.orderPaid'),
  orderCancelled: () => gone('tickets:messages.orderCancelled'),
  orderExpired: () => gone('tickets:messages.orderExpired'),
  paymentInProgress: () => conflict('tickets:messages.paymentInProgress'),
}

export function refusalError(refusal: Refusal): DomainError {
  return REFUSALS[refusal]()
}

/** Another buyer holds the rows longer than we wait: the buyer may try again. */
export const busy = () => conflict('tickets:messages.busy')
