import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { DomainError, rateLimited } from '../errors.ts'
import type { RateLimits, RateRule } from '../rate-limits.ts'
import { addressKey } from '../rate-limits.ts'
import { emailKey } from './limits.ts'

/**
 * Growing waits after failed sign-ins, never a lock of the account
 * (docs/decisions/0006-holding-the-line-on-limits.md#no-lock-of-an-account): five
 * wrong passwords from anywhere used to lock an account for 15 minutes, the right password too, so
 * anyone could lock anyone out. Failures now count per account-and-address and per address; past a
 * few free ones, each further failure doubles the wait of that pair or address. The owner signing
 * in from an address that has not failed is not held up by these; the owner hears of the failures by
 * mail. Guesses spread over many addresses meet the account-wide brake (account-brake.ts), which the
 * owner's own browser passes.
 */
export interface BackoffPolicy {
  /** Counts consecutive failures (a success clears the pair's). */
  failures: RateRule
  /** Holds the wait computed after the last failure. */
  wait: RateRule
  /** Failures without any wait. */
  free: number
  firstWaitSeconds: number
  maxWaitSeconds: number
}

const DAY = 24 * 60 * 60
const HOUR = 60 * 60
/** Counters only: they never refuse by themselves. */
const UNCAPPED = 1_000_000

export const SIGN_IN_BACKOFF = {
  /** One address guessing one account: a person mistyping gets five tries, then 30 s, 1 min, 2 min, ... 15 min. */
  pair: {
    failures: { name: 'login-failures-pair', points: UNCAPPED, durationSeconds: DAY },
    wait: { name: 'login-wait-pair', points: 1, durationSeconds: 1 },
    free: 4,
    firstWaitSeconds: 30,
    maxWaitSeconds: 15 * 60,
  },
  /** One address guessing many accounts (also an office behind one address, hence generous). */
  address: {
    failures: { name: 'login-failures-address', points: UNCAPPED, durationSeconds: HOUR },
    wait: { name: 'login-wait-address', points: 1, durationSeconds: 1 },
    free: 29,
    firstWaitSeconds: 60,
    maxWaitSeconds: 15 * 60,
  },
} as const satisfies Record<string, BackoffPolicy>

/** Attempts per address, taken before the password is checked: parallel guesses cannot all pass before the first failure counts. */
export const SIGN_IN_BURST: RateRule = { name: 'login-burst-address', points: 30, durationSeconds: 60 }

/** Failures at one account from anywhere within an hour that make its owner hear of them, at most once a day. */
export const OWNER_ALERT = {
  failures: { name: 'login-failures-account', points: UNCAPPED, durationSeconds: HOUR },
  after: 10,
  mail: { name: 'login-alert-account', points: 1, durationSeconds: DAY },
} as const

/** The wait after the `failures`-th consecutive failure: none for the free ones, then doubling up to the cap. */
export function backoffSeconds(failures: number, policy: Pick<BackoffPolicy, 'free' | 'firstWaitSeconds' | 'maxWaitSeconds'>): number {
  if (failures <= policy.free) return 0
  const doublings = Math.min(failures - policy.free - 1, 30)
  return Math.min(policy.firstWaitSeconds * 2 ** doublings, policy.maxWaitSeconds)
}

export interface SignInThrottle {
  /** Throws the 429 when this address, or this address at this account, must still wait. */
  admit(email: string, ip: string): Promise<void>
  /** Records a failure; the failures at the account within the hour, from any address. */
  failed(email: string, ip: string): Promise<number>
  /** A right password clears this pair's failures; the address's stay (signing in to one's own account washes out no guesses). */
  succeeded(email: string, ip: string): Promise<void>
  /** Whether the owner of the account may be mailed about failures now (at most once a day). */
  mayAlertOwner(accountId: string): Promise<boolean>
}

/**
 * The counters of one kind of sign-in. Visitors use these; the organiser's console the same rules
 * under names of its own (server/platform/staff), so one kind of account never counts the other's failures.
 */
export interface SignInRules {
  backoff: { pair: BackoffPolicy; address: BackoffPolicy }
  burst: RateRule
  ownerAlert: { failures: RateRule; after: number; mail: RateRule }
}

export const VISITOR_SIGN_IN: SignInRules = { backoff: SIGN_IN_BACKOFF, burst: SIGN_IN_BURST, ownerAlert: OWNER_ALERT }

/** The same rules with every counter's name prefixed. */
export function renamedSignInRules(rules: SignInRules, prefix: string): SignInRules {
  const renamed = <R extends RateRule>(rule: R): R => ({ ...rule, name: `${prefix}${rule.name}` })
  const policy = (given: BackoffPolicy): BackoffPolicy => ({ ...given, failures: renamed(given.failures), wait: renamed(given.wait) })
  return {
    backoff: { pair: policy(rules.backoff.pair), address: policy(rules.backoff.address) },
    burst: renamed(rules.burst),
    ownerAlert: { ...rules.ownerAlert, failures: renamed(rules.ownerAlert.failures), mail: renamed(rules.ownerAlert.mail) },
  }
}

export function createSignInThrottle(rateLimits: RateLimits, rules: SignInRules = VISITOR_SIGN_IN): SignInThrottle {
  const keys = (email: string, ip: string) => {
    const address = addressKey(ip)
    return { pair: `${emailKey(email)}|${address}`, address }
  }
  const fail = async (policy: BackoffPolicy, key: string) => {
    const wait = backoffSeconds(await rateLimits.penalize(policy.failures, key), policy)
    if (wait > 0) await rateLimits.block(policy.wait, key, wait)
  }

  return {
    async admit(email, ip) {
      const key = keys(email, ip)
      await rateLimits.consume(rules.burst, key.address)
      const waits = await Promise.all([
        rateLimits.retryAfter(rules.backoff.address.wait, key.address),
        rateLimits.retryAfter(rules.backoff.pair.wait, key.pair),
      ])
      const wait = Math.max(...waits)
      if (wait > 0) throw rateLimited(wait)
    },
    async failed(email, ip) {
      const key = keys(email, ip)
      const [, , atAccount] = await Promise.all([
        fail(rules.backoff.pair, key.pair),
        fail(rules.backoff.address, key.address),
        rateLimits.penalize(rules.ownerAlert.failures, emailKey(email)),
      ])
      return atAccount
    },
    async succeeded(email, ip) {
      const key = keys(email, ip)
      await Promise.all([rateLimits.reset(rules.backoff.pair.failures, key.pair), rateLimits.reset(rules.backoff.pair.wait, key.pair)])
    },
    async mayAlertOwner(accountId) {
      try {
        await rateLimits.consume(rules.ownerAlert.mail, accountId)
        return true
      } catch (error) {
        if (error instanceof DomainError && error.errorCode === ERROR_CODES.rateLimited) return false
        throw error
      }
    },
  }
}
