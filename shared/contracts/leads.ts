import { z } from 'zod'
import { LEADS } from '../functions/leads.ts'
import { EXPORT_FORMATS } from '../rules/console-exports.ts'
import {
  CAPTURE_REFUSALS,
  cleanLabel,
  cleanTag,
  LEAD_CURSOR,
  LEAD_FIELDS,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  LEAD_MIN_OPTIONS,
  LEAD_QUESTION_KINDS,
  LEAD_RATINGS,
  LEAD_SYNC_OUTCOMES,
} from '../rules/leads.ts'
import { hasUnstorableControl } from '../rules/text.ts'
import { defineContract } from './define.ts'

/**
 * Leads (docs/product.md#leads): an exhibitor's team scans attendees' badges and qualifies them. Who a
 * lead is comes from the ticket's consent as it is when read, so a withdrawal shows at once everywhere.
 */

const id = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')
const instant = z.string()
const when = z.iso.datetime({ offset: true, error: 'errors.invalid' })

/** One of the exhibitor's own questions (docs/product.md#lead-questions), in the team's order. */
export const leadQuestion = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_QUESTION_KINDS),
  label: z.string(),
  /** A choice's options in the admin's order; empty for text and yes / no. */
  options: z.array(z.string()),
})

/** An answer as sent and read: text or an option, yes (true) / no (false); null clears it. */
const answerValue = z.union([z.string().max(LEAD_LIMITS.answer * 2, LEAD_MESSAGES.answerText), z.boolean(), z.null()], { error: 'errors.invalid' })

export const leadView = z.object({
  id: z.number().int(),
  /** What the attendee lets this exhibitor see now; empty: an anonymous visit. */
  shares: z.array(z.enum(LEAD_FIELDS)),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Null when not shared, or shared but never given. */
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The member who first scanned it (nick), null once they left or were erased. */
  scannedBy: z.string().nullable(),
  scannedAt: instant,
  /** When it was first scanned on the venue's clock, `YYYY-MM-DD HH:mm` (made on the server: no browser formatting). */
  scannedAtVenue: z.string(),
  lastScannedAt: instant,
  scans: z.number().int(),
  rating: z.enum(LEAD_RATINGS).nullable(),
  tags: z.array(z.string()),
  notes: z.string(),
  /** Answers to the exhibitor's current questions; an unanswered question is absent. */
  answers: z.array(z.object({ questionId: z.number().int(), value: z.union([z.string(), z.boolean()]) })),
})

/**
 * A badge's signed code from the camera, or typed: the order code (and the ticket's number in it), or the
 * attendee's whole name (docs/product.md#leads: found only among attendees at the show who share their name).
 */
export const scanLead = defineContract({
  ...LEADS.scanLead,
  payload: z.object({
    exhibitorId: id,
    code: z.string().trim().max(400, LEAD_MESSAGES.badCode).optional(),
    orderCode: z.string().trim().toUpperCase().max(LEAD_LIMITS.query, LEAD_MESSAGES.ticketNotFound).optional(),
    position: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(5, 'errors.invalid').optional(),
    name: z
      .string()
      .trim()
      .max(LEAD_LIMITS.query, LEAD_MESSAGES.nameNotFound)
      .refine((value) => !hasUnstorableControl(value), LEAD_MESSAGES.nameNotFound)
      .optional(),
  }),
  result: z.object({ lead: leadView, repeated: z.boolean() }),
})

export const leadList = defineContract({
  ...LEADS.leadList,
  payload: z.object({
    exhibitorId: id,
    search: z.string().trim().max(LEAD_LIMITS.query, 'errors.invalid').optional(),
    rating: z.enum([...LEAD_RATINGS, 'none'], { error: 'errors.invalid' }).optional(),
    tag: z.string().transform(cleanTag).pipe(z.string().min(1, 'errors.invalid').max(LEAD_LIMITS.tag, 'errors.invalid')).optional(),
    /** A member who scanned (their account id, as the result's `scanners` lists them). */
    scannedBy: z.uuid({ error: 'errors.invalid' }).optional(),
    /** Leads whose answers to choice or yes / no questions are these (all of them). */
    answers: z
      .array(z.object({ questionId: id, value: z.union([z.string().max(LEAD_LIMITS.option, 'errors.invalid'), z.boolean()], { error: 'errors.invalid' }) }))
      .max(LEAD_LIMITS.questions, 'errors.invalid')
      .optional(),
    /** The `next` of the page before: the list goes on after it. */
    after: z.string().regex(LEAD_CURSOR, 'errors.invalid').optional(),
  }),
  result: z.object({
    captureOn: z.boolean(),
    /** Why capture is off (docs/product.md#lead-capture-rule): the exhibition's switch or the booth package; null while on. */
    captureOff: z.enum(CAPTURE_REFUSALS).nullable(),
    /** The viewer's role: admins edit the questions, staff members read them. */
    role: z.enum(['admin', 'staff']),
    /** The exhibition and the key its tickets are signed with: the page checks codes on the phone, offline too. */
    exhibitionId: z.number().int(),
    publicKey: z.object({ kid: z.string(), x: z.string() }),
    /** The venue's time zone: the page shows the times of scans still on the phone on its clock. */
    timeZone: z.string(),
    /** All the exhibitor's leads and their scans, whatever the filters. */
    total: z.number().int(),
    scans: z.number().int(),
    /** The leads the filters keep, over all pages. */
    matching: z.number().int(),
    items: z.array(leadView),
    /** Where the next page starts; null on the last one. */
    next: z.string().nullable(),
    questions: z.array(leadQuestion),
    /** What the filters offer: the team's tags and the members who scanned. */
    tags: z.array(z.string()),
    scanners: z.array(z.object({ accountId: z.string(), nick: z.string() })),
  }),
})

const tag = z
  .string()
  .transform(cleanTag)
  .pipe(z.string().min(1, LEAD_MESSAGES.tag).max(LEAD_LIMITS.tag, LEAD_MESSAGES.tag))
  .refine((value) => !hasUnstorableControl(value), LEAD_MESSAGES.tag)

export const qualifyLead = defineContract({
  ...LEADS.qualifyLead,
  payload: z.object({
    exhibitorId: id,
    leadId: id,
    rating: z.enum(LEAD_RATINGS, { error: 'errors.invalid' }).nullable(),
    tags: z
      .array(tag)
      .max(LEAD_LIMITS.tags, LEAD_MESSAGES.tooManyTags)
      .transform((tags) => [...new Set(tags)]),
    notes: z
      .string()
      .max(LEAD_LIMITS.notes, LEAD_MESSAGES.notesTooLong)
      .refine((value) => !hasUnstorableControl(value), LEAD_MESSAGES.notesTooLong),
    /** Answers to set, each question at most once; absent leaves them all as they are. */
    answers: z
      .array(z.object({ questionId: id, value: answerValue }))
      .max(LEAD_LIMITS.questions, 'errors.invalid')
      .refine((answers) => new Set(answers.map((answer) => answer.questionId)).size === answers.length, 'errors.invalid')
      .optional(),
  }),
  result: z.object({ lead: leadView }),
})

/**
 * A phone's queued scans (docs/product.md#leads-offline), one entry per ticket, with the device's scan
 * times and the qualifying done on it offline. Sending the same entry again changes nothing.
 */
export const syncLeads = defineContract({
  ...LEADS.syncLeads,
  payload: z.object({
    exhibitorId: id,
    scans: z
      .array(
        z.object({
          id: z.uuid({ error: 'errors.invalid' }),
          code: z.string().trim().max(400, LEAD_MESSAGES.badCode),
          scannedAt: when,
          lastScannedAt: when,
          scans: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(LEAD_LIMITS.scansPerEntry, 'errors.invalid'),
          qualified: qualifyLead.payload.pick({ rating: true, tags: true, notes: true }).extend({ editedAt: when }).optional(),
        }),
      )
      .max(LEAD_LIMITS.batch, LEAD_MESSAGES.tooManyScans),
  }),
  result: z.object({
    items: z.array(z.object({ id: z.string(), outcome: z.enum(LEAD_SYNC_OUTCOMES), leadId: z.number().int().nullable() })),
  }),
})

export const exportLeads = defineContract({
  ...LEADS.exportLeads,
  payload: z.object({ exhibitorId: id, format: z.enum(EXPORT_FORMATS, { error: 'errors.invalid' }) }),
  result: z.object({ fileName: z.string(), mediaType: z.string(), rows: z.number().int(), base64: z.string() }),
})

const label = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform(cleanLabel)
    .pipe(z.string().min(1, message).max(max, message))
    .refine((value) => !hasUnstorableControl(value), message)

/**
 * An admin adds a question (no `questionId`) or changes one. A choice has 2 to 10 options, each once;
 * the other kinds none. Answers the change no longer fits (another kind, an option gone) are removed.
 */
export const saveLeadQuestion = defineContract({
  ...LEADS.saveLeadQuestion,
  payload: z
    .object({
      exhibitorId: id,
      questionId: id.optional(),
      kind: z.enum(LEAD_QUESTION_KINDS, { error: 'errors.invalid' }),
      label: label(LEAD_LIMITS.question, LEAD_MESSAGES.question),
      options: z.array(label(LEAD_LIMITS.option, LEAD_MESSAGES.option)).max(LEAD_LIMITS.options, LEAD_MESSAGES.options).default([]),
    })
    .superRefine((value, context) => {
      if (value.kind !== 'choice') {
        if (value.options.length) context.addIssue({ code: 'custom', path: ['options'], message: LEAD_MESSAGES.options })
        return
      }
      if (value.options.length < LEAD_MIN_OPTIONS) context.addIssue({ code: 'custom', path: ['options'], message: LEAD_MESSAGES.options })
      if (new Set(value.options.map((option) => option.toLowerCase())).size !== value.options.length) {
        context.addIssue({ code: 'custom', path: ['options'], message: LEAD_MESSAGES.optionsRepeated })
      }
    }),
  result: z.object({ questions: z.array(leadQuestion) }),
})

/** An admin removes a question, and its answers with it. */
export const removeLeadQuestion = defineContract({
  ...LEADS.removeLeadQuestion,
  payload: z.object({ exhibitorId: id, questionId: id }),
  result: z.object({ questions: z.array(leadQuestion) }),
})

/** An admin moves a question one place up or down. */
export const moveLeadQuestion = defineContract({
  ...LEADS.moveLeadQuestion,
  payload: z.object({ exhibitorId: id, questionId: id, direction: z.enum(['up', 'down'], { error: 'errors.invalid' }) }),
  result: z.object({ questions: z.array(leadQuestion) }),
})
