import type { RateRule } from '../rate-limits.ts'

/**
 * Attempts per account and per address (docs/product.md#login). Sign-in has growing waits of its own, never a
 * lock of the account (sign-in-throttle.ts).
 */
export const RULES = {
  /** Tries at a verification or reset code, per address and per account. */
  codeAccount: { name: 'code-account', points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  codeAddress: { name: 'code-address', points: 30, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Mails with a code sent to one address: no mail bombing through the forms. */
  mailAccount: { name: 'mail-account', points: 4, durationSeconds: 60 * 60 },
  registerAddress: { name: 'register-address', points: 10, durationSeconds: 60 * 60 },
  forgotAddress: { name: 'forgot-address', points: 10, durationSeconds: 60 * 60 },
  /** The site's POST /api/session (ticket exchange). */
  sessionAddress: { name: 'session-address', points: 30, durationSeconds: 60 },
  oauthAddress: { name: 'oauth-address', points: 30, durationSeconds: 60, blockSeconds: 5 * 60 },
  commentUser: { name: 'comment-user', points: 5, durationSeconds: 60 },
  commentUserDay: { name: 'comment-user-day', points: 60, durationSeconds: 24 * 60 * 60 },
  commentAddress: { name: 'comment-address', points: 20, durationSeconds: 60 },
  followUser: { name: 'follow-user', points: 60, durationSeconds: 60 },
  profileUser: { name: 'profile-user', points: 10, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>

/** The key an e-mail address is counted under, whether or not an account has it. */
export const emailKey = (email: string) => email.trim().toLowerCase()
