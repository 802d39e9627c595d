import { ERASED, sameAddress } from '../../../../src/api/rules/console-visitors.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../tickets/console/staff-scope.ts'
import { existingVisitor } from './visitor-view.ts'
import { APPLICATIONS_OF, MONEY_MOVED } from './visitors.repo.ts'

/**
 * Every column that refers to an account, and what erasure does with it. A table that refers to
 * accounts and is missing here fails test/integration/console-visitors.test.ts: whoever adds one
 * decides here what happens to it when a person asks to be forgotten.
 */
export const ACCOUNT_REFERENCES = {
  'sessions.account_id': 'deleted with the account (cascade)',
  'account_codes.account_id': 'deleted with the account (cascade)',
  'oauth_codes.account_id': 'deleted with the account (cascade)',
  'account_follows.account_id': 'deleted with the account (cascade)',
  'comment_blocks.account_id': 'deleted with the account (cascade)',
  'exhibition_comments.account_id': 'deleted, counted',
  'applications.account_id': 'deleted with their decisions, as are those sent from the same address',
  'ticket_orders.account_id': 'orders where money moved are kept anonymised and detached; the rest deleted',
} as const

const ERASED_BUYER = ERASED.email

/** Orders where money moved stay for the bookkeeping, without the person: names, e-mails and phones become markers. */
async function anonymiseKeptOrders(tx: Queryable, ids: string[]): Promise<void> {
  if (!ids.length) return
  await tx.query(`update ticket_orders set account_id = null, buyer_email = $2, updated_at = now() where id = any($1::uuid[])`, [ids, ERASED_BUYER])
  // Positions are 1..5, so the markers stay unique within an order as its unique indexes require.
  await tx.query(
    `update ticket_attendees set first_name = $2, last_name = $2,
       email = 'erased-' || position || '@erased.invalid', phone_e164 = $4 || lpad(position::text, 2, '0'), phone_country = $3
     where order_id = any($1::uuid[])`,
    [ids, ERASED.name, ERASED.phoneCountry, ERASED.phonePrefix],
  )
  await tx.query(`update survey_invitations set email = $2 where ticket_id in (select id from e_tickets where order_id = any($1::uuid[]))`, [ids, ERASED_BUYER])
  // The order's log keeps what happened and the amounts, not where mails went.
  await tx.query(`update ticket_order_events set data = data - 'to' where order_id = any($1::uuid[]) and data ? 'to'`, [ids])
}

/** Orders where no money moved (cancelled or expired unpaid) go, with their lines, attendees and unpaid attempts. */
async function deleteUnpaidOrders(tx: Queryable, ids: string[]): Promise<void> {
  if (!ids.length) return
  await tx.query('delete from payment_attempts where order_id = any($1::uuid[])', [ids])
  await tx.query('delete from ticket_orders where id = any($1::uuid[])', [ids])
}

export interface Erasure {
  ordersKept: number
  ordersRemoved: number
  applicationsRemoved: number
  commentsRemoved: number
}

/**
 * Erases a visitor on request (GDPR art. 17; docs/product.md#console-visitors), in one transaction:
 * the account, its sessions, codes, follows, comments and applications go; orders where money moved
 * stay for the bookkeeping the law requires, anonymised. The account row is locked first, so of two
 * erasures at once the second finds nothing (404). The audit row keeps ids and counts, never the data.
 */
export async function deleteVisitor(platform: Platform, actor: StaffActor, id: string, confirmEmail: string): Promise<Erasure> {
  const { erasure, sessions } = await platform.db.transaction(async (tx) => {
    const visitor = await existingVisitor(tx, id, true)
    if (!sameAddress(confirmEmail, visitor.email)) throw invalid({ confirmEmail: 'console:errors.visitorEmailMismatch' }, 'console:errors.visitorEmailMismatch')
    const orders = (
      await tx.query<{ id: string; number: string; status: string; kept: boolean }>(
        `select o.id, o.number, o.status, ${MONEY_MOVED} as kept from ticket_orders o where o.account_id = $1 order by o.number for update of o`,
        [id],
      )
    ).rows
    // A pending order holds seats, a coupon and maybe a payment under way: staff cancel it first (the order page).
    if (orders.some((order) => order.status === 'pending')) throw conflict('console:errors.visitorOrderPending')
    const kept = orders.filter((order) => order.kept)
    const removed = orders.filter((order) => !order.kept)
    await anonymiseKeptOrders(
      tx,
      kept.map((order) => order.id),
    )
    await deleteUnpaidOrders(
      tx,
      removed.map((order) => order.id),
    )
    const applications = await tx.query(`delete from applications a where ${APPLICATIONS_OF}`, [id, visitor.email])
    const comments = await tx.query('delete from exhibition_comments where account_id = $1', [id])
    await tx.query('delete from mail_outbox where lower(to_address) = lower($1)', [visitor.email])
    const sessions = (await tx.query<{ id: string }>('select id from sessions where account_id = $1', [id])).rows.map((row) => row.id)
    await tx.query('delete from accounts where id = $1', [id])
    const erasure: Erasure = {
      ordersKept: kept.length,
      ordersRemoved: removed.length,
      applicationsRemoved: applications.rowCount ?? 0,
      commentsRemoved: comments.rowCount ?? 0,
    }
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$deleteVisitor',
        target: `visitor:${id}`,
        before: null,
        after: { ...erasure, sessionsEnded: sessions.length, keptOrders: kept.map((order) => order.number) },
      },
    )
    return { erasure, sessions }
  })
  platform.services.accounts.sessions.forget({ sessions, accounts: [id] })
  return erasure
}
