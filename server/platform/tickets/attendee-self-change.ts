import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import type { Locale } from '../../../shared/languages.ts'
import { attendeeChangesOpen } from '../../../shared/rules/tickets.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import type { RateRule } from '../rate-limits.ts'
import { ticketFacts } from './console/order-detail.ts'
import * as staffOrders from './console/staff-orders.repo.ts'
import { orderTransaction } from './lock-pending.ts'
import { queueAttendeeTickets, queueSelfChangedMail } from './order-mails.ts'
import * as orders from './orders.repo.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'

/** Corrections of one's own tickets: enough for a person fixing a typo or two, not for a script. */
export const ATTENDEE_CHANGES_PER_ACCOUNT: RateRule = { name: 'tickets.attendee.account', points: 20, durationSeconds: 60 * 60 }

type Payload = z.output<typeof contracts.changeMyAttendee.payload>

/**
 * The ticket's order (the row locked when asked: the same first lock as a buyer cancelling a ticket,
 * so the two wait for each other) and its attendee at that position, when the caller is the buyer or
 * signed in with the attendee's own verified address. A team pass is its exhibitor's to give, not
 * its holder's to rename (docs/product.md#team-passes).
 */
async function ticketOfCaller(db: Queryable, caller: Caller, number: string, position: number, lock: boolean) {
  const found = await db.query<{ order_id: string; attendee_id: string; buyer: boolean }>(
    `select o.id::text as order_id, a.id::text as attendee_id, o.account_id = $3 as buyer
       from ticket_orders o join ticket_attendees a on a.order_id = o.id
      where o.number = $1 and a.position = $2 and o.order_kind = 'tickets' and o.pass_exhibitor_id is null
        and ((o.account_id = $3 and a.transferred_at is null) or exists (select 1 from accounts c where c.id = $3 and c.email_verified_at is not null and lower(c.email) = lower(a.email)))
      ${lock ? 'for update of o' : ''}`,
    [number, position, caller.userId],
  )
  const row = found.rows[0]
  if (!row) throw notFound()
  const order = (await orders.orderById(db, row.order_id)) as orders.OrderRow
  return { order, attendeeId: row.attendee_id, by: row.buyer ? ('buyer' as const) : ('holder' as const) }
}

/**
 * The buyer or the holder changes the name, company and position on a paid ticket until the cut-off
 * (docs/product.md#attendee-changes). A new name re-issues the e-ticket: a new id and code in the same
 * transaction, so the door refuses the old code at once (online; offline lists on their next sync no
 * longer hold it), and the holder is mailed the new one. A ticket the door has seen keeps its name:
 * its holder is inside, and the code they showed stays theirs. The same values again change nothing.
 */
export async function changeMyAttendee(context: TicketsContext, caller: Caller, payload: Payload): Promise<z.output<typeof contracts.changeMyAttendee.result>> {
  const { db, rateLimits } = context.platform
  await rateLimits.consume(ATTENDEE_CHANGES_PER_ACCOUNT, caller.userId)
  // Read before the transaction: the exhibitions domain asks its own connection (PGlite has one).
  const { order: first } = await ticketOfCaller(db, caller, payload.orderNumber, payload.position, false)
  const info = await context.exhibitions.get(first.exhibition_id, first.locale as Locale)
  return orderTransaction(db, async (tx) => {
    const { order, attendeeId, by } = await ticketOfCaller(tx, caller, payload.orderNumber, payload.position, true)
    if (order.status !== 'paid') throw conflict(order.status === 'cancelled' ? 'tickets:attendeeChange.cancelled' : 'tickets:attendeeChange.notPaid')
    if (!attendeeChangesOpen(info, new Date())) throw conflict('tickets:attendeeChange.closed')
    const ticket = (await ticketFacts(tx, order, order.locale as Locale)).find((row) => row.attendeeId === attendeeId)
    if (!ticket || ticket.voided || ticket.refunded) throw conflict('tickets:attendeeChange.voided')
    const current = (await orders.attendeesOf(tx, order.id)).find((row) => row.id === attendeeId) as orders.AttendeeRow
    const renamed = current.first_name !== payload.firstName || current.last_name !== payload.lastName
    if (!renamed && current.company === payload.company && current.job_title === payload.jobTitle) return { position: payload.position, reissued: false }
    if (renamed && ticket.checkedIn) throw conflict('tickets:attendeeChange.checkedIn')
    const next: orders.AttendeeRow = {
      ...current,
      first_name: payload.firstName,
      last_name: payload.lastName,
      company: payload.company,
      job_title: payload.jobTitle,
    }
    await staffOrders.updateAttendee(tx, next)
    await orders.logEvent(tx, order.id, 'attendeeChanged', { position: payload.position, by, userId: caller.userId })
    let reissued = false
    if (renamed) {
      // Null when a door's scan reached the ticket since the check above: refused the same way.
      const code = await staffOrders.reissueTicket(tx, ticket.id, (id) => context.signer.sign(id, order.exhibition_id))
      if (!code) throw conflict('tickets:attendeeChange.checkedIn')
      reissued = true
      await orders.logEvent(tx, order.id, 'ticketReissued', { position: payload.position, by, userId: caller.userId })
      await queueAttendeeTickets(context, tx, order, info, [{ attendee: next, ticketName: ticket.typeName, code }], { includeBuyer: true })
    }
    await queueSelfChangedMail(context, tx, order, next, { by, reissued })
    return { position: payload.position, reissued }
  })
}
