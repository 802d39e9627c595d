/** Limits of comment moderation in the console (docs/product.md#console-comments), shared by its screen and its contracts. Zod-free. */
export const MODERATION_LIMITS = {
  pageSizeMax: 100,
  pageSizeDefault: 25,
  search: 200,
  /** A reason for hiding or blocking: the visitor concerned reads it (as the database bounds it, 0150_comment_moderation.sql). */
  reason: 500,
  /** A note on a restore: for the audit log only. */
  note: 500,
} as const

/** Which comments the queue shows. */
export const COMMENT_STATES = ['all', 'visible', 'hidden'] as const
export type CommentState = (typeof COMMENT_STATES)[number]

/**
 * The start (00:00 UTC) of a day written YYYY-MM-DD, or null when the day does not exist
 * (2027-02-30): a comment block "until" that day ends as it begins.
 */
export function dayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null
  const start = new Date(`${day}T00:00:00.000Z`)
  return Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day ? null : start
}
