/**
 * Leads (docs/product.md#leads): what an attendee may let exhibitors who scan their badge receive, and
 * how exhibitor teams qualify the leads they capture. Shared by the pages, the contracts and the server.
 */

/** The contact details an attendee may share, each chosen on its own; nothing by default. */
export const LEAD_FIELDS = ['name', 'email', 'phone'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]

export const LEAD_RATINGS = ['hot', 'warm', 'cold'] as const
export type LeadRating = (typeof LEAD_RATINGS)[number]

export const LEAD_LIMITS = {
  notes: 2000,
  tags: 10,
  tag: 30,
  /** A typed order code or name. */
  query: 80,
  /** Leads per page of the team's list. */
  page: 50,
  /** Queued scans in one `lead$sync`: a phone that was offline all day sends its hundreds in a few calls. */
  batch: 200,
  /** Times one queued entry may say its ticket was scanned on the device before it went out. */
  scansPerEntry: 1000,
} as const

/**
 * What `lead$sync` says of each queued scan (docs/product.md#leads-offline): a new lead, one the team
 * already had (from this device or another), or a refusal the device could not know of offline.
 */
export const LEAD_SYNC_OUTCOMES = ['added', 'repeated', 'badCode', 'otherExhibition', 'voided'] as const
export type LeadSyncOutcome = (typeof LEAD_SYNC_OUTCOMES)[number]

export const LEAD_MESSAGES = {
  badCode: 'leads:errors.badCode',
  otherExhibition: 'leads:errors.otherExhibition',
  voided: 'leads:errors.voided',
  captureOff: 'leads:errors.captureOff',
  notFound: 'leads:errors.notFound',
  ticketNotFound: 'leads:errors.ticketNotFound',
  ambiguous: 'leads:errors.ambiguous',
  tag: 'leads:errors.tag',
  tooManyTags: 'leads:errors.tooManyTags',
  notesTooLong: 'leads:errors.notesTooLong',
  tooManyScans: 'leads:errors.tooManyScans',
} as const

/** A tag as kept: trimmed, inner spaces collapsed, lower case (so "VIP" and "vip " are one tag). */
export function cleanTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase()
}
