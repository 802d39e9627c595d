import { z } from 'zod'
import { ACCOUNT_LIMITS, cleanCommentText, FOLLOW_KINDS } from '../rules/accounts.ts'
import { ACCOUNTS } from '../functions/accounts.ts'
import { defineContract } from './define.ts'

/**
 * Accounts: the user behind a login cookie (docs/product.md#login `usercenter$getuserfromcookie` on the
 * CV3 and V3 gateways), the logged-in user's profile, community comments on the expo endpoint and
 * follows on the attention endpoint (docs/product.md#endpoints).
 *
 * Validation messages are keys of the `account` namespace, or `errors.*` of `common`.
 */

/** docs/product.md#reference-data user info: userId, avatar, nick. */
export const userInfo = z.object({
  userId: z.string(),
  avatar: z.string().nullable(),
  nick: z.string(),
})
export type UserInfo = z.output<typeof userInfo>

const cookieValue = z
  .string({ error: 'errors.required' })
  .trim()
  .min(1, 'errors.required')
  .max(ACCOUNT_LIMITS.cookieValue, 'errors.tooLong')
  .regex(/^[A-Za-z0-9._-]+$/, 'errors.invalid')

/**
 * CV3 (any caller with a token): the user of a login cookie value. A login ticket of the frame is
 * not accepted here: only the site's server may exchange one (V3 below).
 */
export const getUserFromCookie = defineContract({
  ...ACCOUNTS.getUserFromCookie,
  payload: z.object({ contentcookie: cookieValue }),
  result: userInfo,
})

/**
 * V3 (the site's own server, client credentials): the user of a login cookie value, or of the
 * one-time login ticket the login frame posted (docs/product.md#login `reload`). A ticket is exchanged once: the
 * answer then also carries the login cookie value to set, and when it expires.
 */
export const getUserFromCookieForServer = defineContract({
  ...ACCOUNTS.getUserFromCookieForServer,
  payload: z.object({ contentcookie: cookieValue }),
  result: userInfo.extend({
    cookie: z.string().optional(),
    expiresAt: z.string().optional(),
  }),
})

export const nick = z
  .string({ error: 'profile.nickRequired' })
  .transform((value) => value.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(ACCOUNT_LIMITS.nickMin, 'profile.nickLength')
      .max(ACCOUNT_LIMITS.nickMax, 'profile.nickLength')
      // Letters, marks, numbers, spaces and a few joiners: no controls, no bidi overrides, no markup.
      .regex(/^[\p{L}\p{M}\p{N} ._'-]+$/u, 'profile.nickCharacters'),
  )

export const profile = z.object({
  userId: z.string(),
  nick: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  memberSince: z.string(),
})

export const myProfile = defineContract({
  ...ACCOUNTS.myProfile,
  payload: z.object({}),
  result: profile,
})

export const updateNick = defineContract({
  ...ACCOUNTS.updateNick,
  payload: z.object({ nick }),
  result: profile,
})

const exhibitionId = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(2_147_483_647, 'errors.invalid')
const commentId = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')

export const comment = z.object({
  id: z.number().int(),
  exhibitionId: z.number().int(),
  /** Plain text; pages show it as text (never as markup). */
  body: z.string(),
  createdAt: z.string(),
  author: userInfo,
  /** The caller wrote it (and may delete it). */
  mine: z.boolean(),
  /** Only on the author's own comment that the organiser hid (nobody else is sent it): why. */
  hiddenReason: z.string().nullable(),
})

export const listComments = defineContract({
  ...ACCOUNTS.listComments,
  payload: z.object({
    exhibitionId,
    /** Cursor: comments older than this id. */
    before: commentId.optional(),
    limit: z.number().int('errors.invalid').min(1, 'errors.invalid').max(ACCOUNT_LIMITS.commentsPage, 'errors.invalid').default(ACCOUNT_LIMITS.commentsPage),
  }),
  result: z.object({
    items: z.array(comment),
    /** Pass as `before` for the next page; null at the end ("No more data"). */
    nextBefore: z.number().int().nullable(),
    /** Visible comments: what everyone reads as the count. */
    total: z.number().int(),
    /** The caller is barred from commenting (the form says so instead of offering the box); `until` null: until lifted. */
    blocked: z.object({ reason: z.string(), until: z.string().nullable() }).nullable(),
  }),
})

export const commentBody = z
  .string({ error: 'comments.empty' })
  .max(ACCOUNT_LIMITS.commentRaw, 'comments.tooLong')
  .transform((value) => cleanCommentText(value))
  .pipe(z.string().min(1, 'comments.empty').max(ACCOUNT_LIMITS.commentMax, 'comments.tooLong'))

export const postComment = defineContract({
  ...ACCOUNTS.postComment,
  payload: z.object({ exhibitionId, body: commentBody }),
  result: comment,
})

export const deleteComment = defineContract({
  ...ACCOUNTS.deleteComment,
  payload: z.object({ id: commentId }),
  result: z.object({ deleted: z.literal(true) }),
})

const followTarget = z.object({
  kind: z.enum(FOLLOW_KINDS, { error: 'errors.invalid' }),
  /** An exhibition id (digits) or a broker's trader code. */
  id: z
    .string({ error: 'errors.invalid' })
    .trim()
    .regex(/^[0-9A-Za-z-]{1,32}$/, 'errors.invalid'),
})

export const followState = z.object({
  kind: z.enum(FOLLOW_KINDS),
  id: z.string(),
  following: z.boolean(),
  followers: z.number().int(),
})

/** docs/product.md#endpoints attentionevaluation: follow (`follow: true`) or unfollow an exhibition or a broker. */
export const setFollow = defineContract({
  ...ACCOUNTS.setFollow,
  payload: followTarget.extend({ follow: z.boolean({ error: 'errors.invalid' }) }),
  result: followState,
})

/** Whether the caller follows these targets (always false for a visitor), with follower counts. */
export const followStatus = defineContract({
  ...ACCOUNTS.followStatus,
  payload: z.object({
    kind: z.enum(FOLLOW_KINDS, { error: 'errors.invalid' }),
    ids: z
      .array(z.string().regex(/^[0-9A-Za-z-]{1,32}$/, 'errors.invalid'), { error: 'errors.invalid' })
      .min(1, 'errors.invalid')
      .max(ACCOUNT_LIMITS.followStatusIds, 'errors.invalid'),
  }),
  result: z.object({ items: z.array(followState) }),
})
