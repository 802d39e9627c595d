import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'
import { eraseSubmitterNotes } from './submissions/submissions.repo.ts'

/** What they looked up on the public check that is theirs: their addresses and phones (compared by digits, as shown). */
export async function eraseLookups(tx: Queryable, person: PersonErasure): Promise<void> {
  await tx.query(
    `delete from verification_lookups
      where (query_type = 'email' and lower(value) = any($1::text[]))
         or (query_type = 'phone' and regexp_replace(value, '[^0-9]', '', 'g') = any($2::text[]))`,
    [person.emails, person.phoneDigits],
  )
}

/**
 * Channels they submitted for their company stay the company's (the account reference is set to null
 * with the account); the notes they wrote for the verifier go, as anything they typed may name them.
 */
export async function eraseChannelSubmitters(tx: Queryable, person: PersonErasure): Promise<number> {
  return eraseSubmitterNotes(tx, person.accountId)
}
