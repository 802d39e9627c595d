import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'

/**
 * Their addresses as messages' and reminders' recipients go (the progress counts lose them). Their unsubscribes and
 * bounces stay: only a hash of the address is kept, and it must still keep marketing mail from a
 * new order under the same address (docs/product.md#unsubscribe).
 */
export async function eraseMessageRecipients(tx: Queryable, person: PersonErasure): Promise<void> {
  await tx.query('delete from message_recipients where email = any($1::text[])', [person.emails])
  await tx.query('delete from reminder_recipients where email = any($1::text[])', [person.emails])
}
