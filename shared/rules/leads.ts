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
} as const

/** Why capture is off for an exhibitor (docs/product.md#lead-capture-rule): the exhibition's switch, or its booth package. */
export const CAPTURE_REFUSALS = ['exhibition', 'package'] as const
export type CaptureRefusal = (typeof CAPTURE_REFUSALS)[number]

export const LEAD_MESSAGES = {
  badCode: 'leads:errors.badCode',
  otherExhibition: 'leads:errors.otherExhibition',
  voided: 'leads:errors.voided',
  captureOff: 'leads:errors.captureOff',
  packageOff: 'leads:errors.packageOff',
  notFound: 'leads:errors.notFound',
  ticketNotFound: 'leads:errors.ticketNotFound',
  ambiguous: 'leads:errors.ambiguous',
  tag: 'leads:errors.tag',
  tooManyTags: 'leads:errors.tooManyTags',
  notesTooLong: 'leads:errors.notesTooLong',
} as const

/** A tag as kept: trimmed, inner spaces collapsed, lower case (so "VIP" and "vip " are one tag). */
export function cleanTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase()
}
