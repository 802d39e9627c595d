import { setTimeout as sleep } from 'node:timers/promises'
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

/**
 * The key an address is counted under: an IPv6 visitor usually holds a whole /64, so the limit
 * applies to the /64; IPv4 (also IPv4-mapped IPv6) to the address.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (!address.includes(':')) return address || 'unknown'
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The key an e-mail address is counted under, whether or not an account has it. */
export const emailKey = (email: string) => email.trim().toLowerCase()

/**
 * Answers about an e-mail address leave no sooner than this after the question arrived, whether or
 * not an account has that address: the work that differs (a row found or not, a mail queued or not)
 * is then hidden below it. Sign-in and registration spend an argon2id hash either way.
 */
export const ANSWER_FLOOR_MS = { password: 450, mail: 300 } as const

export async function answerNoSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  const remaining = floorMs - (performance.now() - startedAt)
  if (remaining > 0) await sleep(remaining)
}
