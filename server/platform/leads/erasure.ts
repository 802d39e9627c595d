import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'
import { eraseNotes } from './leads.repo.ts'

/**
 * A forgotten attendee's leads: who they are already goes with their ticket's consent (emptied by the
 * tickets domain); what exhibitor teams wrote about them (notes, tags, rating) goes here.
 */
export async function eraseLeadNotes(tx: Queryable, person: PersonErasure): Promise<void> {
  await eraseNotes(tx, person.attendeeIds)
}
