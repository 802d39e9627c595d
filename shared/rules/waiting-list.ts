/**
 * The waiting list per ticket type (docs/product.md#waiting-list): states and limits both sides use.
 * Zod-free, so the ticket pages and the console import it directly.
 */

/** Where an entry stands: waiting in line, holding an offer, or ended one of five ways. */
export const WAITING_STATES = ['waiting', 'offered', 'accepted', 'lapsed', 'declined', 'left', 'removed'] as const
export type WaitingState = (typeof WAITING_STATES)[number]

/** How long an offer holds its seats unless the exhibition says otherwise, and the range staff may set. */
export const OFFER_HOURS = { default: 24, min: 1, max: 168 } as const
