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

const detail = summary.extend({ texts: z.partialRecord(locale, z.object({ subject: z.string(), body: z.string() })) })

/** The exhibition's messages, newest first; with `id`, that message in full as well. */
export const messageList = defineContract({
  ...CONSOLE.messageList,
  payload: z.object({ exhibitionId: id, id: id.optional() }),
  result: z.object({
    exhibition,
    ticketTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    messages: z.array(summary),
    message: detail.nullable(),
  }),
})

/**
 * A draft before it is sent: how many distinct addresses it would reach now and how many of them are
 * left out (unsubscribed, bounced); with `language`, the mail as a reader of that language gets it
 * (the fallback when it is not written); with `mailToMe` as well, that mail sent to the member's own
 * address as a test.
 */
export const previewMessage = defineContract({
  ...CONSOLE.previewMessage,
  payload: audience.extend({
    texts: texts.default({}),
    language: locale.optional(),
    mailToMe: z.boolean({ error: 'errors.invalid' }).default(false),
  }),
  result: z.object({
    addresses: z.number().int(),
    suppressed: z.number().int(),
    mail: z.object({ language: locale, subject: z.string(), paragraphs: z.array(z.string()), footer: z.array(z.string()) }).nullable(),
    /** The member's own address, where the test went. */
    testTo: z.string().nullable(),
  }),
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
export type MessageDetail = z.output<typeof detail>
export type MessagePreview = z.output<typeof previewMessage.result>
