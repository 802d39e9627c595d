import type { Queryable } from '../../db/client.ts'
import { ERASED_ADDRESS, type PersonErasure } from '../erasure.ts'

/**
 * Their survey traces: the free text of answers on tickets they held goes (ratings and choices stay),
 * and invitations to their addresses, or for tickets of their kept orders, lose the address.
 */
export async function eraseSurveyTraces(tx: Queryable, person: PersonErasure, keptOrderIds: string[]): Promise<void> {
  if (keptOrderIds.length) {
    await tx.query(`update survey_invitations set email = $2 where ticket_id in (select id from e_tickets where order_id = any($1::uuid[]))`, [
      keptOrderIds,
      ERASED_ADDRESS,
    ])
  }
  if (!person.attendeeIds.length) return
  await tx.query(
    `delete from survey_answer_items i using survey_answers s, e_tickets e
      where i.answer_id = s.id and s.ticket_id = e.id and e.attendee_id = any($1::uuid[]) and i.text_value is not null`,
    [person.attendeeIds],
  )
  await tx.query('update survey_invitations set email = $2 where lower(email) = any($1::text[])', [person.emails, ERASED_ADDRESS])
}
