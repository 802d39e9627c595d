import type { Locale } from '../../../../shared/languages.ts'
import { conflict, notFound } from '../../errors.ts'
import { queueAttendeeTickets } from '../order-mails.ts'
import * as orders from '../orders.repo.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { ticketFacts } from './order-detail.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { orderInScope } from './staff-scope.ts'

/**
 * Staff send the e-tickets of a paid order again: each attendee (or the one chosen) gets their own
 * valid e-ticket by mail, in the order's language. Recorded in the audit log and the order's history.
 */
export async function resendTickets(context: TicketsContext, actor: StaffActor, number: string, attendeeId: string | undefined): Promise<number> {
  const { db } = context.platform
  const order = await orderInScope(db, actor, number)
  if (order.status !== 'paid') throw conflict('console:errors.orderNotPaid')
  const info = await context.exhibitions.get(order.exhibition_id, order.locale as Locale)
  return db.transaction(async (tx) => {
    const attendees = new Map((await orders.attendeesOf(tx, order.id)).map((row) => [row.id, row]))
    if (attendeeId && !attendees.has(attendeeId)) throw notFound('console:errors.attendeeNotFound')
    const tickets = (await ticketFacts(tx, order, order.locale as Locale)).filter(
      (ticket) => !ticket.voided && (!attendeeId || ticket.attendeeId === attendeeId),
    )
    const sent = await queueAttendeeTickets(
      context,
      tx,
      order,
      info,
      tickets.flatMap((ticket) => {
        const attendee = attendees.get(ticket.attendeeId)
        return attendee ? [{ attendee, ticketName: ticket.typeName, code: ticket.code }] : []
      }),
      { includeBuyer: true },
    )
    await orders.logEvent(tx, order.id, 'ticketsResent', { staffId: actor.staffId, mails: sent })
    await context.platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$resendTickets', target: `order:${order.number}`, before: null, after: { mails: sent, attendeeId: attendeeId ?? null } },
    )
    return sent
  })
}
