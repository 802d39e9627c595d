import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'

/** What they looked up on the public check that is theirs: their addresses and phones (compared by digits, as shown). */
export async function eraseLookups(tx: Queryable, person: PersonErasure): Promise<void> {
  await tx.query(
    `delete from verification_lookups
      where (query_type = 'email' and lower(value) = any($1::text[]))
         or (query_type = 'phone' and regexp_replace(value, '[^0-9]', '', 'g') = any($2::text[]))`,
    [person.emails, person.phoneDigits],
  )
}
