import { ERASED } from '../../../shared/rules/console-visitors.ts'
import type { Queryable } from '../../db/client.ts'
import { ERASED_ADDRESS, mentionedIn, type PersonErasure } from '../erasure.ts'
import type { MediaStorage } from '../media/index.ts'
import { deleteAnswerFilesOf, deleteAnswerFilesOfOrders } from './answer-files.ts'
import { deleteAnswersOf, deleteAnswersOfOrders } from './questions.repo.ts'

/** Orders where money moved stay for the bookkeeping, without the person: names, e-mails and phones become markers. */
async function anonymiseKeptOrders(tx: Queryable, ids: string[], storage: MediaStorage): Promise<void> {
  if (!ids.length) return
  // Answers to the organiser's questions are the attendees' own words (and files): they go, not become markers.
  await deleteAnswersOfOrders(tx, ids)
  await deleteAnswerFilesOfOrders(tx, storage, ids)
  await tx.query(`update ticket_orders set account_id = null, buyer_email = $2, updated_at = now() where id = any($1::uuid[])`, [ids, ERASED_ADDRESS])
  // Positions are 1..5, so the markers stay unique within an order as its unique indexes require.
  await tx.query(
    `update ticket_attendees set first_name = $2, last_name = $2,
       email = 'erased-' || position || '@erased.invalid', phone_e164 = $4 || lpad(position::text, 2, '0'), phone_country = $3, shares = '{}',
       company = '', job_title = ''
     where order_id = any($1::uuid[])`,
    [ids, ERASED.name, ERASED.phoneCountry, ERASED.phonePrefix],
  )
  // The order's log keeps what happened and the amounts, not where mails went.
  await tx.query(`update ticket_order_events set data = data - 'to' where order_id = any($1::uuid[]) and data ? 'to'`, [ids])
}

/** Orders where no money moved (cancelled or expired unpaid) go, with their lines, attendees and unpaid attempts. */
async function deleteUnpaidOrders(tx: Queryable, ids: string[], storage: MediaStorage): Promise<void> {
  if (!ids.length) return
  await deleteAnswerFilesOfOrders(tx, storage, ids)
  await tx.query('delete from payment_attempts where order_id = any($1::uuid[])', [ids])
  await tx.query('delete from ticket_orders where id = any($1::uuid[])', [ids])
}

/**
 * Bank transfers for their orders (docs/product.md#bank-transfer) stay, with their amount and reference,
 * for the organiser's books: the payer's name and words go.
 */
async function redactTransfers(tx: Queryable, ids: string[]): Promise<void> {
  if (!ids.length) return
  await tx.query(`update bank_transfers set payer = case when payer is null then null else $2 end, remittance = '' where order_id = any($1::uuid[])`, [
    ids,
    ERASED.name,
  ])
}

/**
 * Their orders: those where money moved kept and anonymised, the rest deleted. File answers go with
 * their stored files inside the transaction: storage that cannot delete them undoes the erasure.
 */
export async function eraseOrders(tx: Queryable, orders: { kept: string[]; removed: string[] }, storage: MediaStorage): Promise<void> {
  await redactTransfers(tx, [...orders.kept, ...orders.removed])
  await anonymiseKeptOrders(tx, orders.kept, storage)
  await deleteUnpaidOrders(tx, orders.removed, storage)
}

/** Their tickets on anyone's order (they held them): the person goes, the ticket stays. */
export async function eraseHeldTickets(tx: Queryable, person: PersonErasure, storage: MediaStorage): Promise<void> {
  if (!person.attendeeIds.length) return
  await deleteAnswersOf(tx, person.attendeeIds)
  await deleteAnswerFilesOf(tx, storage, person.attendeeIds)
  await tx.query(
    `update ticket_attendees set first_name = $2, last_name = $2,
       email = 'erased-' || position || '@erased.invalid', phone_e164 = $4 || lpad(position::text, 2, '0'), phone_country = $3, shares = '{}',
       company = '', job_title = ''
     where id = any($1::uuid[])`,
    [person.attendeeIds, ERASED.name, ERASED.phoneCountry, ERASED.phonePrefix],
  )
}

/** Orders' histories that name them: their address, name and phone become markers, the rest stays. */
export async function redactOrderHistories(tx: Queryable, person: PersonErasure): Promise<void> {
  const events = await tx.query<{ id: string; data: unknown }>(
    `select id::text as id, data from ticket_order_events where ${mentionedIn('data::text', '$1')}`,
    [person.terms],
  )
  for (const row of events.rows) await tx.query('update ticket_order_events set data = $2 where id = $1', [row.id, JSON.stringify(person.redactJson(row.data))])
}
