import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'
import { eraseNotes } from './leads.repo.ts'
import { enqueue, forgetAnswers, leadsOfAttendees } from './webhooks.repo.ts'

/**
 * A forgotten attendee's leads: who they are already goes with their ticket's consent (emptied by the
 * tickets domain); what exhibitor teams wrote about them (notes, tags, rating) goes here. A CRM webhook
 * hears that the lead is anonymised, and what its receiver answered about it goes (docs/product.md#lead-webhooks).
 */
export async function eraseLeadNotes(tx: Queryable, person: PersonErasure): Promise<void> {
  await eraseNotes(tx, person.attendeeIds)
  const leads = await leadsOfAttendees(tx, person.attendeeIds)
  await enqueue(tx, leads, 'lead.anonymised', new Date(Date.now()))
  await forgetAnswers(tx, leads)
}
