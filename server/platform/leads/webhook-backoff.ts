import { WEBHOOK_LIMITS } from '../../../shared/rules/lead-webhooks.ts'

const MINUTE = 60_000
const LONGEST_WAIT = 6 * 60 * MINUTE

/**
 * When a failed delivery is tried again (docs/product.md#lead-webhooks): 1, 2, 4, … minutes after each
 * failure, at most 6 hours apart, until 24 hours after the event; the last try falls on that mark, and a
 * failure then ends it (null). No jitter: deliveries of one exhibitor fail together and are few.
 */
export function nextAttemptAt(attemptsMade: number, retryFrom: Date, now: Date): Date | null {
  const end = retryFrom.getTime() + WEBHOOK_LIMITS.retryForMs
  if (now.getTime() >= end) return null
  const wait = Math.min(MINUTE * 2 ** Math.max(0, attemptsMade - 1), LONGEST_WAIT)
  return new Date(Math.min(now.getTime() + wait, end))
}
