import { sameAddress } from '../../../../shared/rules/console-visitors.ts'
import { conflict, invalid } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { eraseApplications } from '../../applications/index.ts'
import type { PersonErasure } from '../../erasure.ts'
import { eraseExhibitorInvitations } from '../../exhibitors/index.ts'
import { eraseFromOutbox } from '../../mailer.ts'
import { eraseMessageRecipients } from '../../messages/index.ts'
import { eraseSurveyTraces } from '../../survey/index.ts'
import { eraseHeldTickets, eraseOrders, eraseTicketTransfers, eraseWaitingEntries, redactOrderHistories } from '../../tickets/index.ts'
import { eraseLeadNotes } from '../../leads/index.ts'
import { eraseChannelSubmitters, eraseLookups } from '../../verification/index.ts'
import { eraseScamReports } from '../../scam-reports/index.ts'
import { type PersonTraces, personTraces, redactJson, redactText, searchTerms } from './person-traces.ts'
import { existingVisitor } from './visitor-view.ts'
import { MONEY_MOVED } from './visitors.repo.ts'

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
  'waiting_list_entries.account_id': 'deleted; the seats an offer of theirs held pass to the next in line',
  'exhibitor_members.account_id': 'deleted with the account (cascade): they leave every exhibitor team',
  'exhibitor_invitations.invited_by': 'set to null: an invitation they sent stays with its team',
  'exhibitor_invitations.accepted_by': 'set to null; invitations sent to their addresses are deleted',
  'verification_channel_submissions.submitted_by': 'set to null with the account; the notes they wrote emptied: the channel stays the company’s',
  'exhibitor_task_confirmations.confirmed_by': 'set to null: the task stays done for their exhibitor, without who confirmed it or first opened its manual',
  'leads.scanned_by': 'set to null: the lead stays with its exhibitor, without who scanned it',
  'scam_reports.account_id': 'their scam reports deleted, with those that gave one of their addresses (eraseScamReports)',
  'ticket_transfers.sender_account_id': 'the transfers they offered, were offered or took deleted (eraseTicketTransfers)',
  'ticket_transfers.recipient_account_id': 'the transfers they offered, were offered or took deleted (eraseTicketTransfers)',
  'ticket_answer_files.account_id':
    'set to null with the account; the files of their tickets and of their orders deleted with the answers (eraseOrders, eraseHeldTickets), a loose one by the sweep',
} as const

/** The person as each domain is given them (server/platform/erasure.ts), from what identifies them here. */
function personErasure(accountId: string, accountEmail: string, traces: PersonTraces): PersonErasure {
  return {
    accountId,
    accountEmail,
    emails: traces.emails,
    phoneDigits: traces.phones.map((phone) => phone.replace(/\D/g, '')),
    attendeeIds: traces.attendeeIds,
    terms: searchTerms(traces),
    redactText: (text) => redactText(text, traces),
    redactJson: (value) => redactJson(value, traces),
  }
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
    const person = personErasure(id, visitor.email, await personTraces(tx, id, visitor.email, visitor.nick))
    const kept = orders.filter((order) => order.kept)
    const removed = orders.filter((order) => !order.kept)
    // Each domain erases its own rows, in this order: orders before the mails their logs name.
    const { storage } = platform.services.media
    await eraseOrders(tx, { kept: kept.map((order) => order.id), removed: removed.map((order) => order.id) }, storage)
    await eraseHeldTickets(tx, person, storage)
    await eraseTicketTransfers(tx, person)
    await eraseWaitingEntries(tx, id)
    await eraseLeadNotes(tx, person)
    await eraseSurveyTraces(
      tx,
      person,
      kept.map((order) => order.id),
    )
    const applicationsRemoved = await eraseApplications(tx, person)
    await eraseExhibitorInvitations(tx, person)
    const comments = await tx.query('delete from exhibition_comments where account_id = $1', [id])
    await eraseMessageRecipients(tx, person)
    const mails = await eraseFromOutbox(tx, person)
    await redactOrderHistories(tx, person)
    await platform.services.staff.redactAudit(tx, person)
    await eraseLookups(tx, person)
    await eraseChannelSubmitters(tx, person)
    await eraseScamReports(tx, person, platform.services.media.storage)
    const sessions = (await tx.query<{ id: string }>('select id from sessions where account_id = $1', [id])).rows.map((row) => row.id)
    await tx.query('delete from accounts where id = $1', [id])
    const erasure: Erasure = {
      ordersKept: kept.length,
      ordersRemoved: removed.length,
      applicationsRemoved,
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
    await platform.mail.transport.forget({ ids: mails.map(Number), addresses: person.emails })
    return { erasure, sessions }
  })
  platform.services.accounts.sessions.forget({ sessions, accounts: [id] })
  return erasure
}
