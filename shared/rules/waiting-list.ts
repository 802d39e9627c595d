/**
 * The waiting list per ticket type (docs/product.md#waiting-list): states and limits both sides use.
 * Zod-free, so the ticket pages and the console import it directly.
 */

/** Where an entry stands: waiting in line, holding an offer, or ended one of five ways. */
export const WAITING_STATES = ['waiting', 'offered', 'accepted', 'lapsed', 'declined', 'left', 'removed'] as const
export type WaitingState = (typeof WAITING_STATES)[number]

/** How long an offer holds its seats unless the exhibition says otherwise, and the range staff may set. */
export const OFFER_HOURS = { default: 24, min: 1, max: 168 } as const

/**
 * The waiting list's form without JavaScript (docs/product.md#waiting-list): the row's buttons post
 * `waiting=join:<type id>` or `waiting=leave:<type id>` with the quantity in `waitingQuantity-<type id>`, to the
 * ticket page's own address; the browser comes back to the page with `?waiting=<answer>`, one of these,
 * each shown with its message key.
 */
export const WAITING_FORM = { action: 'waiting', answer: 'waiting' } as const

/** Each sold-out row's quantity field (a page may show several). */
export const waitingQuantityField = (ticketTypeId: number) => `waitingQuantity-${ticketTypeId}`

export const WAITING_FORM_ANSWERS = {
  joined: 'tickets:waitingList.joined',
  left: 'tickets:waitingList.left',
  signIn: 'tickets:waitingList.signInFirst',
  quantity: 'tickets:waitingList.quantityInvalid',
  tooMany: 'tickets:waitingList.tooMany',
  seatsLeft: 'tickets:waitingList.seatsLeft',
  offerOpen: 'tickets:waitingList.offerOpen',
  closed: 'tickets:waitingList.closed',
  rateLimited: 'tickets:waitingList.rateLimited',
  failed: 'tickets:waitingList.failed',
} as const
export type WaitingFormAnswer = keyof typeof WAITING_FORM_ANSWERS

/** The answer a page address names, if it is one of the form's. */
export function waitingFormAnswer(value: string | null): WaitingFormAnswer | null {
  return value !== null && Object.hasOwn(WAITING_FORM_ANSWERS, value) ? (value as WaitingFormAnswer) : null
}
