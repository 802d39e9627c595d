import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { CHECKED_IN_FILTERS, MESSAGE_AUDIENCES, MESSAGE_KINDS, MESSAGE_LIMITS, MESSAGE_STATES } from '../rules/messages.ts'
import { defineContract } from './define.ts'

/**
 * Messages from the organiser in the console (docs/product.md#messages): who gets them, their texts per
 * language, a preview, a test to oneself, sending now or at a venue time, progress and cancelling.
 * Messages are `console:errors.*` keys or `errors.*` of `common`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const locale = z.enum(LOCALES, { error: 'errors.invalid' })

const text = z.object({
  subject: z.string().trim().max(MESSAGE_LIMITS.subject, 'errors.tooLong').default(''),
  body: z.string().trim().max(MESSAGE_LIMITS.body, 'errors.tooLong').default(''),
})

/** The languages written; a language left empty is not one of them (its readers get the fallback). */
const texts = z.partialRecord(locale, text)

const audience = z.object({
  exhibitionId: id,
  audience: z.enum(MESSAGE_AUDIENCES, { error: 'errors.invalid' }),
  /** Attendees of these ticket types; empty: every type. */
  ticketTypeIds: z.array(id).max(MESSAGE_LIMITS.ticketTypes, 'errors.invalid').default([]),
  checkedIn: z.enum(CHECKED_IN_FILTERS, { error: 'errors.invalid' }).default('any'),
  kind: z.enum(MESSAGE_KINDS, { error: 'errors.invalid' }),
})

const counts = z.object({
  /** Still to be written to the outbox, or written and not yet handed to the mail server. */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Unsubscribed or bounced addresses, not mailed. */
  skipped: z.number().int(),
  cancelled: z.number().int(),
})

const summary = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  audience: z.enum(MESSAGE_AUDIENCES),
  checkedIn: z.enum(CHECKED_IN_FILTERS),
  ticketTypeIds: z.array(z.number().int()),
  state: z.enum(MESSAGE_STATES),
  /** In the member's language when written in it, else the first written. */
  subject: z.string(),
  languages: z.array(locale),
  sendAt: z.string(),
  createdAt: z.string(),
  counts,
})

const exhibition = z.object({ id: z.number().int(), title: z.string(), timeZone: z.string() })

export const messageList = defineContract({
  ...CONSOLE.messageList,
  payload: z.object({ exhibitionId: id }),
  result: z.object({
    exhibition,
    ticketTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    messages: z.array(summary),
  }),
})

export const messageDetail = defineContract({
  ...CONSOLE.messageDetail,
  payload: z.object({ exhibitionId: id, id }),
  result: z.object({ exhibition, message: summary.extend({ texts: z.partialRecord(locale, z.object({ subject: z.string(), body: z.string() })) }) }),
})

export const messageAudience = defineContract({
  ...CONSOLE.messageAudience,
  payload: audience,
  /** Distinct addresses it would go to now, and how many of them are left out (unsubscribed, bounced). */
  result: z.object({ addresses: z.number().int(), suppressed: z.number().int() }),
})

const draft = z.object({ exhibitionId: id, kind: z.enum(MESSAGE_KINDS, { error: 'errors.invalid' }), texts, language: locale })

export const previewMessage = defineContract({
  ...CONSOLE.previewMessage,
  payload: draft,
  /** The mail as a recipient of `language` reads it (with the fallback when it is not written). */
  result: z.object({ language: locale, subject: z.string(), paragraphs: z.array(z.string()), footer: z.array(z.string()) }),
})

export const testMessage = defineContract({
  ...CONSOLE.testMessage,
  payload: draft,
  /** The member's own address, where the test went. */
  result: z.object({ to: z.string() }),
})

export const sendMessage = defineContract({
  ...CONSOLE.sendMessage,
  payload: audience.extend({
    texts,
    /** The venue's wall clock (YYYY-MM-DDTHH:mm); absent: now. */
    sendAt: z
      .string()
      .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/, 'errors.invalid')
      .optional(),
  }),
  result: z.object({ id: z.number().int() }),
})

export const cancelMessage = defineContract({
  ...CONSOLE.cancelMessage,
  payload: z.object({ exhibitionId: id, id }),
  result: z.object({ id: z.number().int(), state: z.enum(MESSAGE_STATES) }),
})

export type MessageList = z.output<typeof messageList.result>
export type MessageSummary = z.output<typeof summary>
export type MessageDetail = z.output<typeof messageDetail.result>
export type MessagePreview = z.output<typeof previewMessage.result>
