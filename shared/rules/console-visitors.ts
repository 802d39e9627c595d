/**
 * Visitor accounts in the organiser's console (docs/product.md#console-visitors): limits of
 * the screens and the contracts, and what an erasure keeps. Zod-free, so pages import it directly.
 */
export const VISITOR_LIMITS = {
  search: 254,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** Why a visitor was blocked: for staff and the audit log (as the database bounds it, 0160_visitor_accounts.sql). */
  reason: 500,
} as const

/** What replaces a person's data on what erasure keeps; `.invalid` can never be delivered (RFC 2606). */
export const ERASED = {
  name: 'erased',
  /** The buyer's address; attendees get `erased-<position>@erased.invalid`, unique within their order as its index requires. */
  email: 'erased-0@erased.invalid',
  /** Attendees' phones: +999 is a country code the ITU keeps unassigned, so the marker passes the phone check yet names no one. */
  phonePrefix: '+99900000',
  phoneCountry: 'XX',
} as const

/** The account's e-mail address in the form the deletion asks for, compared without case and spaces. */
export const sameAddress = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase()
