import { ERASED, sameAddress } from '../../../../shared/rules/console-visitors.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { mentionedIn, type PersonTraces, personTraces, redactJson, redactText, searchTerms } from './person-traces.ts'
import { existingVisitor } from './visitor-view.ts'
import { APPLICATIONS_OF, MONEY_MOVED } from './visitors.repo.ts'

/**
 * Every column that refers to an account, and what erasure does with it. A table that refers to
 * accounts and is missing here fails test/integration/console-visitors.test.ts: whoever adds one
 * decides here what happens to it when a person asks to be forgotten. Rows that hold a person
 * without pointing at their account (mails, lookups, someone else's order, the audit log) are in
 * PERSONAL_DATA (erasure-map.ts), which names every text column of every table.
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

/** Their tickets on anyone's order (they held them): the person goes, the ticket stays; so do the ratings, not their free text. */
async function anonymiseHeldTickets(tx: Queryable, traces: PersonTraces): Promise<void> {
  if (!traces.attendeeIds.length) return
  await tx.query(
    `update ticket_attendees set first_name = $2, last_name = $2,
       email = 'erased-' || position || '@erased.invalid', phone_e164 = $4 || lpad(position::text, 2, '0'), phone_country = $3
     where id = any($1::uuid[])`,
    [traces.attendeeIds, ERASED.name, ERASED.phoneCountry, ERASED.phonePrefix],
  )
  await tx.query(
    `delete from survey_answer_items i using survey_answers s, e_tickets e
      where i.answer_id = s.id and s.ticket_id = e.id and e.attendee_id = any($1::uuid[]) and i.text_value is not null`,
    [traces.attendeeIds],
  )
  await tx.query('update survey_invitations set email = $2 where lower(email) = any($1::text[])', [traces.emails, ERASED_BUYER])
}

interface MailRow {
  id: string
  to_them: boolean
  logged: boolean
  sent: boolean
  subject: string
  text_body: string
  html_body: string | null
  attachments: Array<{ contentType?: string }>
}

/**
 * Mail to them goes, unless an order's mail log names it and it left (then it stays as a line of the
 * log: when and what, to the erased marker, with no content). Mail to others that names them keeps
 * its text with markers in their place and loses its PDF tickets, which carry the holders' names.
 * Returns the outbox rows whose copies the mail transport must forget.
 */
async function forgetMail(tx: Queryable, traces: PersonTraces, terms: string[]): Promise<string[]> {
  const rows = (
    await tx.query<MailRow>(
      `select m.id::text as id, lower(m.to_address) = any($1::text[]) as to_them, m.sent_at is not null as sent,
         exists (select 1 from ticket_order_events e where e.kind = 'mail' and e.data ->> 'outboxId' = m.id::text) as logged,
         m.subject, m.text_body, m.html_body, m.attachments
       from mail_outbox m
       where lower(m.to_address) = any($1::text[]) or ${mentionedIn("m.subject || ' ' || m.text_body || ' ' || coalesce(m.html_body, '')", '$2')}
       order by m.id for update of m`,
      [traces.emails, terms],
    )
  ).rows
  for (const row of rows) {
    if (row.to_them && !(row.logged && row.sent)) {
      await tx.query('delete from mail_outbox where id = $1', [row.id])
    } else if (row.to_them) {
      await tx.query(`update mail_outbox set to_address = $2, subject = $3, text_body = '', html_body = null, attachments = '[]' where id = $1`, [
        row.id,
        ERASED_BUYER,
        redactText(row.subject, traces),
      ])
    } else {
      await tx.query('update mail_outbox set subject = $2, text_body = $3, html_body = $4, attachments = $5 where id = $1', [
        row.id,
        redactText(row.subject, traces),
        redactText(row.text_body, traces),
        row.html_body === null ? null : redactText(row.html_body, traces),
        JSON.stringify(row.attachments.filter((file) => file.contentType !== 'application/pdf')),
      ])
    }
  }
  return rows.map((row) => row.id)
}

/** JSON that names them (orders' histories, the audit log): their address, name and phone become markers, the rest stays. */
async function redactRecords(tx: Queryable, traces: PersonTraces, terms: string[]): Promise<void> {
  const events = await tx.query<{ id: string; data: unknown }>(
    `select id::text as id, data from ticket_order_events where ${mentionedIn('data::text', '$1')}`,
    [terms],
  )
  for (const row of events.rows)
    await tx.query('update ticket_order_events set data = $2 where id = $1', [row.id, JSON.stringify(redactJson(row.data, traces))])
  const audits = await tx.query<{ id: string; before: unknown; after: unknown }>(
    `select id::text as id, before, after from staff_audit where ${mentionedIn("coalesce(before::text, '') || ' ' || coalesce(after::text, '')", '$1')}`,
    [terms],
  )
  if (!audits.rows.length) return
  // The log refuses every change but this one, said for this transaction only (migration 0200).
  await tx.query(`select set_config('expo.audit_erasure', 'on', true)`)
  for (const row of audits.rows) {
    await tx.query('update staff_audit set before = $2, after = $3 where id = $1', [
      row.id,
      row.before === null ? null : JSON.stringify(redactJson(row.before, traces)),
      row.after === null ? null : JSON.stringify(redactJson(row.after, traces)),
    ])
  }
  await tx.query(`select set_config('expo.audit_erasure', 'off', true)`)
}

/** What they looked up on the public check that is theirs: their addresses and phones (compared by digits, as shown). */
async function forgetLookups(tx: Queryable, traces: PersonTraces): Promise<void> {
  await tx.query(
    `delete from verification_lookups
      where (query_type = 'email' and lower(value) = any($1::text[]))
         or (query_type = 'phone' and regexp_replace(value, '[^0-9]', '', 'g') = any($2::text[]))`,
    [traces.emails, traces.phones.map((phone) => phone.replace(/\D/g, ''))],
  )
}

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
 * stay for the bookkeeping the law requires, anonymised. Where their account id is not (their tickets
 * on others' orders, mail and its files, lookups, histories and the audit), they are found by their
 * addresses and what sits next to them (docs/decisions/0014-erasure-map.md). The account row is locked
 * first, so of two erasures at once the second finds nothing (404). The audit row keeps ids and
 * counts, never the data.
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
    // Read before anything changes: the rows that say who they are go below.
    const traces = await personTraces(tx, id, visitor.email, visitor.nick)
    const terms = searchTerms(traces)
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
    await anonymiseHeldTickets(tx, traces)
    const applications = await tx.query(`delete from applications a where ${APPLICATIONS_OF}`, [id, visitor.email])
    const comments = await tx.query('delete from exhibition_comments where account_id = $1', [id])
    const mails = await forgetMail(tx, traces, terms)
    await redactRecords(tx, traces, terms)
    await forgetLookups(tx, traces)
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
    // Last, so that a data folder that cannot be written leaves the whole erasure undone (to be tried again).
    await platform.mail.transport.forget({ ids: mails.map(Number), addresses: traces.emails })
    return { erasure, sessions }
  })
  platform.services.accounts.sessions.forget({ sessions, accounts: [id] })
  return erasure
}
