import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { cleanCommentText } from '../rules/accounts.ts'
import { COMMENT_STATES, dayStart, MODERATION_LIMITS } from '../rules/console-comments.ts'
import { defineContract } from './define.ts'

/**
 * Comment moderation in the organiser's console (docs/product.md#console-comments):
 * the queue of the member's exhibitions, hiding and restoring a comment with a reason, and barring a
 * visitor from commenting. Messages are `console:errors.*` keys or `errors.*`.
 */

const commentId = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')
const accountId = z.uuid({ error: 'console:errors.commenterNotFound' })

/** Plain text the visitor concerned reads: cleaned as a comment is, then bounded. */
const text = (max: number, required: boolean) =>
  z
    .string({ error: 'errors.invalid' })
    .max(max * 4, 'errors.tooLong')
    .transform((value) => cleanCommentText(value))
    .pipe(required ? z.string().min(1, 'console:errors.reasonRequired').max(max, 'errors.tooLong') : z.string().max(max, 'errors.tooLong'))

const reason = text(MODERATION_LIMITS.reason, true)

export const moderationRow = z.object({
  id: z.number().int(),
  exhibitionId: z.number().int(),
  exhibitionTitle: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Null while visible. `by` is null when the member has since been removed. */
  hidden: z.object({ reason: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
  author: z.object({
    accountId: z.string(),
    nick: z.string(),
    email: z.string(),
    /** Barred from commenting now; `endsAt` null: until lifted. */
    block: z.object({ reason: z.string(), at: z.string(), endsAt: z.string().nullable() }).nullable(),
  }),
})
export type ModerationRow = z.output<typeof moderationRow>

export const commentList = defineContract({
  ...CONSOLE.commentList,
  payload: z.object({
    page: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(1, 'errors.invalid')
      .max(MODERATION_LIMITS.pageSizeMax, 'errors.invalid')
      .default(MODERATION_LIMITS.pageSizeDefault),
    /** Part of the text, or of the author's nick or e-mail address. */
    search: z.string({ error: 'errors.invalid' }).trim().max(MODERATION_LIMITS.search, 'errors.tooLong').default(''),
    exhibitionId: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(2_147_483_647, 'errors.invalid').optional(),
    state: z.enum(COMMENT_STATES, { error: 'errors.invalid' }).default('all'),
  }),
  result: z.object({
    rows: z.array(moderationRow),
    total: z.number().int(),
    /** The exhibitions the member may see, for the filter. */
    exhibitions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
})

/** Hiding: the reason is shown to the author beside their comment; the public no longer sees it. */
export const hideComment = defineContract({
  ...CONSOLE.hideComment,
  payload: z.object({ id: commentId, reason }),
  result: moderationRow,
})

/** Restoring: an optional note, kept in the audit log only. */
export const restoreComment = defineContract({
  ...CONSOLE.restoreComment,
  payload: z.object({ id: commentId, note: text(MODERATION_LIMITS.note, false).default('') }),
  result: moderationRow,
})

export const blockCommenter = defineContract({
  ...CONSOLE.blockCommenter,
  payload: z.object({
    accountId,
    reason,
    /** The day (YYYY-MM-DD, UTC) from which they may comment again; null or absent: until lifted. */
    until: z
      .string({ error: 'console:errors.blockUntil' })
      .refine((day) => dayStart(day) !== null, 'console:errors.blockUntil')
      .nullable()
      .default(null),
    /** Hide every visible comment of theirs (in the member's exhibitions) at once, with the same reason. */
    hideComments: z.boolean({ error: 'errors.invalid' }).default(false),
  }),
  result: z.object({ accountId: z.string(), hidden: z.number().int() }),
})

export const unblockCommenter = defineContract({
  ...CONSOLE.unblockCommenter,
  payload: z.object({ accountId, note: text(MODERATION_LIMITS.note, false).default('') }),
  result: z.object({ accountId: z.string() }),
})
