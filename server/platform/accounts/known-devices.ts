import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a browser stays known after its last sign-in to an account. */
export const DEVICE_DAYS = 90

const VALUE = /^([0-9a-zA-Z_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/**
 * Browsers that have signed in to an account before (docs/decisions/0015-account-wide-guess-brake.md):
 * each successful sign-in leaves a cookie `<account id>.<expiry in unix seconds>.<HMAC-SHA-256>`,
 * signed with a secret of the server's. It proves nothing but "this browser completed a sign-in to
 * this account within the last 90 days", which is what lets the owner past the account-wide
 * password brake that a guesser elsewhere has set off. The password (and the second factor) are
 * still asked; the cookie only spares the wait.
 */
export interface KnownDevices {
  issue(accountId: string, nowMs: number): string
  recognises(value: string | undefined, accountId: string, nowMs: number): boolean
}

/** `kind` keeps a staff member's cookie from counting for a visitor account with the same id, and the other way round. */
export function createKnownDevices(secret: string, kind: 'staff' | 'visitor'): KnownDevices {
  const mac = (accountId: string, expires: string) => createHmac('sha256', secret).update(`${kind}|${accountId}|${expires}`).digest('base64url')
  return {
    issue(accountId, nowMs) {
      const expires = String(Math.floor(nowMs / 1000) + DEVICE_DAYS * 24 * 60 * 60)
      return `${accountId}.${expires}.${mac(accountId, expires)}`
    },
    recognises(value, accountId, nowMs) {
      const match = value ? VALUE.exec(value) : null
      if (!match) return false
      const [, named = '', expires = '', given = ''] = match
      if (named !== accountId || Number(expires) * 1000 <= nowMs) return false
      const expected = Buffer.from(mac(accountId, expires))
      const actual = Buffer.from(given)
      return expected.length === actual.length && timingSafeEqual(expected, actual)
    },
  }
}
