import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'

/** SQL over `applications a`: the applications of account `$1`, sent while signed in or from its address `$2`. */
export const APPLICATIONS_OF = 'a.account_id = $1 or lower(a.email) = lower($2)'

/** The applications they sent (signed in, or from their account's address) go, with their decisions; returns how many. */
export async function eraseApplications(tx: Queryable, person: PersonErasure): Promise<number> {
  return (await tx.query(`delete from applications a where ${APPLICATIONS_OF}`, [person.accountId, person.accountEmail])).rowCount ?? 0
}
