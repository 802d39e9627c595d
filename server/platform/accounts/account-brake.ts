import { rateLimited } from '../errors.ts'
import type { RateLimits, RateRule } from '../rate-limits.ts'

/**
 * The account-wide brake on guessing (docs/decisions/0015-account-wide-guess-brake.md): the waits of
 * sign-in-throttle.ts count per address, so many addresses (a /48 of IPv6 is 65,536 of them) could
 * each take their free guesses at one account. Here every attempt at one account counts, from
 * wherever it comes; past `free` attempts the account takes one attempt per wait, and each further
 * one doubles the wait up to the cap. Attempts are counted before the answer is checked, so parallel
 * guesses cannot all slip through before the first one has counted.
 *
 * What keeps a stranger from turning this into a lock-out is the caller's part: a known device
 * (known-devices.ts) passes the password brake without asking it, and the code brake is reached only
 * by someone who knows the password.
 */
export interface BrakePolicy {
  /** Attempts at one account in the window, right ones included (a right one releases the wait instead). */
  attempts: RateRule
  /** The turn: once the account is braking, taken by the one attempt that may run and then held for the wait. */
  turn: RateRule
  /** Attempts without any wait; the `free`-th sets the first wait for the next one. */
  free: number
  firstWaitSeconds: number
  maxWaitSeconds: number
}

const DAY = 24 * 60 * 60
/** A counter only: it never refuses by itself. */
const UNCAPPED = 1_000_000
/** How long a taken turn is held before the wait replaces it (a few milliseconds later). */
const TURN_SECONDS = 5

/** Passwords at one account from devices it does not know: 20 a day free, then 30 s, 1 min, 2 min, ... 15 min between attempts. */
export const PASSWORD_BRAKE = {
  attempts: { name: 'login-attempts-account', points: UNCAPPED, durationSeconds: DAY },
  turn: { name: 'login-turn-account', points: 1, durationSeconds: TURN_SECONDS },
  free: 20,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
} as const satisfies BrakePolicy

/** Second-factor codes at one staff account (only password holders get there): 5 free, then 30 s doubling to 15 min. */
export const CODE_BRAKE = {
  attempts: { name: 'staff-code-attempts-account', points: UNCAPPED, durationSeconds: DAY },
  turn: { name: 'staff-code-turn-account', points: 1, durationSeconds: TURN_SECONDS },
  free: 5,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
} as const satisfies BrakePolicy

/** The same policy under counter names of its own (staff passwords apart from visitors'). */
export function renamedBrake(policy: BrakePolicy, prefix: string): BrakePolicy {
  return {
    ...policy,
    attempts: { ...policy.attempts, name: `${prefix}${policy.attempts.name}` },
    turn: { ...policy.turn, name: `${prefix}${policy.turn.name}` },
  }
}

/** The wait after the `attempt`-th attempt, before the next may run. */
export function brakeWaitSeconds(attempt: number, policy: Pick<BrakePolicy, 'free' | 'firstWaitSeconds' | 'maxWaitSeconds'>): number {
  if (attempt < policy.free) return 0
  return Math.min(policy.firstWaitSeconds * 2 ** Math.min(attempt - policy.free, 30), policy.maxWaitSeconds)
}

export interface AccountBrake {
  /** Counts an attempt at the account, or throws the 429 with the seconds still to wait (that attempt is not counted). */
  admit(key: string): Promise<void>
  /** The answer was right: the owner need not wait for the next step; the count stays, so guessing after it stays slow. */
  release(key: string): Promise<void>
  /** Forgets the account's attempts (a completed second factor). */
  reset(key: string): Promise<void>
}

/** Counters in the rate-limit store: Redis when REDIS_URL is set (shared by every instance), memory otherwise. */
export function createAccountBrake(rateLimits: RateLimits, policy: BrakePolicy): AccountBrake {
  return {
    async admit(key) {
      const left = await rateLimits.retryAfter(policy.turn, key)
      if (left > 0) throw rateLimited(left)
      const attempt = await rateLimits.penalize(policy.attempts, key)
      if (attempt > policy.free) {
        // Several attempts may have passed the check above together: only the one that takes the turn runs.
        try {
          await rateLimits.consume(policy.turn, key)
        } catch (error) {
          await rateLimits.penalize(policy.attempts, key, -1)
          throw error
        }
      }
      const wait = brakeWaitSeconds(attempt, policy)
      if (wait > 0) await rateLimits.block(policy.turn, key, wait)
    },
    async release(key) {
      await rateLimits.reset(policy.turn, key)
    },
    async reset(key) {
      await Promise.all([rateLimits.reset(policy.attempts, key), rateLimits.reset(policy.turn, key)])
    },
  }
}
