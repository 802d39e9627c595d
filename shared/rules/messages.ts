/**
 * Messages from the organiser (docs/product.md#messages) and their unsubscribe page
 * (docs/product.md#unsubscribe): the audiences, kinds and limits both the console and the server read.
 * Zod-free, so the console's screens import it directly.
 */

export const MESSAGE_AUDIENCES = ['attendees', 'exhibitors'] as const
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number]

/** transactional: about the event (no unsubscribe); marketing: promotion, with an unsubscribe link and RFC 8058 headers. */
export const MESSAGE_KINDS = ['transactional', 'marketing'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** Attendees checked in at the door, not checked in, or either. */
export const CHECKED_IN_FILTERS = ['any', 'yes', 'no'] as const
export type CheckedInFilter = (typeof CHECKED_IN_FILTERS)[number]

export const MESSAGE_STATES = ['scheduled', 'sending', 'sent', 'cancelled'] as const
export type MessageState = (typeof MESSAGE_STATES)[number]

export const MESSAGE_LIMITS = {
  subject: 200,
  body: 20_000,
  ticketTypes: 50,
  /** A scheduled time at most this far ahead. */
  scheduleDays: 365,
  listSize: 50,
} as const

/** Why an address gets no more (marketing) mail: `bounced` stops transactional mail too. */
export const SUPPRESSION_REASONS = ['unsubscribed', 'complained', 'bounced'] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]

/** The public page of a marketing mail's unsubscribe link (`/{lang}/unsubscribe/<token>`). */
export const unsubscribePath = (language: string, token: string) => `/${language}/unsubscribe/${encodeURIComponent(token)}`

/** The body as paragraphs: blank lines separate them, single line breaks stay inside one. */
export const paragraphsOf = (body: string): string[] =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
