import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../../db/client.ts'

export type CodePurpose = 'verify' | 'reset'

/** How long a code sent by e-mail is valid. */
export const CODE_MINUTES = 15
/** Wrong tries before a code is void (the rate limits of the login page come on top). */
export const CODE_ATTEMPTS = 5

export interface Codes {
  /** A new six-digit code for the account; any older code of the same purpose stops working. */
  issue(tx: Queryable, accountId: string, purpose: CodePurpose): Promise<string>
  /** Whether the code is the account's current one; a right code is used up, a wrong one counts. */
  consume(tx: Queryable, accountId: string, purpose: CodePurpose, code: string): Promise<boolean>
}

/**
 * One-time codes for e-mail verification and password reset. Stored as an HMAC under a server
 * secret, so a copy of the table does not give the codes away.
 */
export function createCodes(secret: string): Codes {
  const mac = (accountId: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${accountId}:${purpose}:${code}`).digest('base64url')
  return {
    async issue(tx, accountId, purpose) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      await tx.query('delete from account_codes where account_id = $1 and purpose = $2', [accountId, purpose])
      await tx.query(`insert into account_codes (account_id, purpose, code_hash, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`, [
        accountId,
        purpose,
        mac(accountId, purpose, code),
        CODE_MINUTES,
      ])
      return code
    },
    async consume(tx, accountId, purpose, code) {
      const row = (
        await tx.query<{ id: number; code_hash: string; attempts: number; live: boolean }>(
          `select id, code_hash, attempts, expires_at > now() as live from account_codes
           where account_id = $1 and purpose = $2 order by id desc limit 1 for update`,
          [accountId, purpose],
        )
      ).rows[0]
      if (!row?.live || row.attempts >= CODE_ATTEMPTS) return false
      const expected = Buffer.from(row.code_hash)
      const given = Buffer.from(mac(accountId, purpose, code))
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        await tx.query('delete from account_codes where account_id = $1 and purpose = $2', [accountId, purpose])
        return true
      }
      await tx.query('update account_codes set attempts = attempts + 1 where id = $1', [row.id])
      return false
    },
  }
}
