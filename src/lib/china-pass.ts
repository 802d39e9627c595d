import { CHINA_PASS } from '../../shared/contracts/cookies.ts'

/**
 * docs/product.md#china-notice: five clicks within 30 seconds pass; the count resets 30 seconds after it started.
 * Time is passed in, so the rule is tested without waiting.
 */
export function createPassCounter() {
  let count = 0
  let startedAt = 0
  return {
    /** Registers a click at `now` (ms); true when this click completes the pass. */
    click(now: number): boolean {
      if (count === 0 || now - startedAt >= CHINA_PASS.windowMs) {
        count = 0
        startedAt = now
      }
      count++
      if (count >= CHINA_PASS.clicks) {
        count = 0
        return true
      }
      return false
    },
    get count() {
      return count
    },
    reset() {
      count = 0
    },
  }
}

export function chinaPassCookie(secure: boolean): string {
  return `cn_notice_pass=1; Max-Age=${CHINA_PASS.cookieMinutes * 60}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}
