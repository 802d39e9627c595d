import type { HeldTicket } from '../../../shared/contracts/tickets.ts'
import { attendeeChangesOpen } from '../../../shared/rules/tickets.ts'
import * as repo from './tickets.repo.ts'
import { typeText } from './ticket-types.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'

/**
 * The live e-tickets of paid orders others bought for the caller's verified address, of exhibitions
 * not yet over (docs/product.md#attendee-changes): where a holder, following the e-ticket mail's link,
 * finds their ticket and corrects the name on it. The caller's own orders are in "My orders" already.
 */
export async function heldTickets(context: TicketsContext, caller: Caller): Promise<{ items: HeldTicket[] }> {
  const { db } = context.platform
  const found = await db.query<{
    number: string
    exhibition_id: number
    ticket_type_id: number
    position: number
    first_name: string
    last_name: string
    company: string
    job_title: string
    email: string
    code: string
  }>(
    `select o.number, o.exhibition_id, e.ticket_type_id, a.position, a.first_name, a.last_name, a.company, a.job_title, a.email, e.code
       from accounts c
       join ticket_attendees a on lower(a.email) = lower(c.email)
       join ticket_orders o on o.id = a.order_id
       join e_tickets e on e.attendee_id = a.id
       join exhibitions x on x.id = o.exhibition_id
      where c.id = $1 and c.email_verified_at is not null
        and o.status = 'paid' and o.order_kind = 'tickets' and o.pass_exhibitor_id is null and o.account_id <> c.id
        and e.voided_at is null and x.ends_at > now()
      order by x.starts_at, o.number, a.position
      limit 50`,
    [caller.userId],
  )
  const types = new Map((await repo.typesByIds(db, [...new Set(found.rows.map((row) => row.ticket_type_id))])).map((row) => [row.id, row]))
  const now = new Date()
  const items = []
  for (const row of found.rows) {
    const info = await context.exhibitions.get(row.exhibition_id, caller.locale)
    const type = types.get(row.ticket_type_id)
    items.push({
      orderNumber: row.number,
      position: row.position,
      exhibitionTitle: info.title,
      ticketName: type ? typeText(type, caller.locale).name : '',
      firstName: row.first_name,
      lastName: row.last_name,
      company: row.company,
      jobTitle: row.job_title,
      email: row.email,
      code: row.code,
      qr: await context.qr(row.code),
      changesOpen: attendeeChangesOpen(info, now),
    })
  }
  return { items }
}
