import { z } from 'zod'
import { LEADS } from '../functions/leads.ts'
import { EXPORT_FORMATS } from '../rules/console-exports.ts'
import { CAPTURE_REFUSALS, cleanTag, LEAD_FIELDS, LEAD_LIMITS, LEAD_MESSAGES, LEAD_RATINGS } from '../rules/leads.ts'
import { hasUnstorableControl } from '../rules/text.ts'
import { defineContract } from './define.ts'

/**
 * Leads (docs/product.md#leads): an exhibitor's team scans attendees' badges and qualifies them. Who a
 * lead is comes from the ticket's consent as it is when read, so a withdrawal shows at once everywhere.
 */

const id = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')
const instant = z.string()

export const leadView = z.object({
  id: z.number().int(),
  /** What the attendee lets this exhibitor see now; empty: an anonymous visit. */
  shares: z.array(z.enum(LEAD_FIELDS)),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
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
})

/** A badge's signed code from the camera, or the order code (and the ticket's number in it) typed. */
export const scanLead = defineContract({
  ...LEADS.scanLead,
  payload: z.object({
    exhibitorId: id,
    code: z.string().trim().max(400, LEAD_MESSAGES.badCode).optional(),
    orderCode: z.string().trim().toUpperCase().max(LEAD_LIMITS.query, LEAD_MESSAGES.ticketNotFound).optional(),
    position: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(5, 'errors.invalid').optional(),
  }),
  result: z.object({ lead: leadView, repeated: z.boolean() }),
})

export const leadList = defineContract({
  ...LEADS.leadList,
  payload: z.object({
    exhibitorId: id,
    search: z.string().trim().max(LEAD_LIMITS.query, 'errors.invalid').optional(),
    rating: z.enum([...LEAD_RATINGS, 'none'], { error: 'errors.invalid' }).optional(),
  }),
  result: z.object({
    captureOn: z.boolean(),
    /** Why capture is off (docs/product.md#lead-capture-rule): the exhibition's switch or the booth package; null while on. */
    captureOff: z.enum(CAPTURE_REFUSALS).nullable(),
    total: z.number().int(),
    scans: z.number().int(),
    items: z.array(leadView),
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
  }),
  result: z.object({ lead: leadView }),
})

export const exportLeads = defineContract({
  ...LEADS.exportLeads,
  payload: z.object({ exhibitorId: id, format: z.enum(EXPORT_FORMATS, { error: 'errors.invalid' }) }),
  result: z.object({ fileName: z.string(), mediaType: z.string(), rows: z.number().int(), base64: z.string() }),
})
