import type { HeldTicket } from '../../../shared/contracts/tickets.ts'
import { displayName } from '../../../shared/rules/names.ts'
import { attendeeChangesOpen } from '../../../shared/rules/tickets.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import * as repo from './tickets.repo.ts'
import { typeText } from './ticket-types.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import type { WalletTicket } from './wallet-passes.ts'

type HeldRow = {
  number: string
  ticket_id: string
  exhibition_id: number
  ticket_type_id: number
  position: number
  first_name: string
  last_name: string
  company: string
  job_title: string
  email: string
  code: string
  checked_in: boolean
  refunded: boolean
  transfer_to: string | null
  transfer_until: Date | null
}

/** The rows of the live e-tickets others bought for the account's verified address; one of them when `ticketId` is given. */
async function heldRows(db: Queryable, accountId: string, ticketId: string | null): Promise<HeldRow[]> {
  const found = await db.query<HeldRow>(
    `select o.number, e.id::text as ticket_id, o.exhibition_id, e.ticket_type_id, a.position, a.first_name, a.last_name, a.company, a.job_title, a.email, e.code,
            exists (select 1 from checkin_scans s where s.ticket_id = e.id and s.outcome = 'checkedIn' and s.undone_at is null) as checked_in,
            exists (select 1 from refunds r where r.order_id = o.id and r.status <> 'failed' and e.id = any(r.ticket_ids)) as refunded,
            t.recipient_email as transfer_to, t.expires_at as transfer_until
       from accounts c
       join ticket_attendees a on lower(a.email) = lower(c.email)
       join ticket_orders o on o.id = a.order_id
       join e_tickets e on e.attendee_id = a.id
       join exhibitions x on x.id = o.exhibition_id
       left join ticket_transfers t on t.attendee_id = a.id and t.status = 'pending' and t.expires_at > now()
      where c.id = $1 and c.email_verified_at is not null and ($2::uuid is null or e.id = $2::uuid)
        and o.status = 'paid' and o.order_kind = 'tickets' and o.pass_exhibitor_id is null and o.account_id <> c.id
        and e.voided_at is null and x.ends_at > now()
      order by x.starts_at, o.number, a.position
      limit 50`,
    [accountId, ticketId],
  )
  return found.rows
}

/**
 * The live e-tickets of paid orders others bought for the caller's verified address, of exhibitions
 * not yet over (docs/product.md#attendee-changes): where a holder, following the e-ticket mail's link,
 * finds their ticket and corrects the name on it. The caller's own orders are in "My orders" already.
 */
export async function heldTickets(context: TicketsContext, caller: Caller): Promise<{ items: HeldTicket[] }> {
  const { db } = context.platform
  const rows = await heldRows(db, caller.userId, null)
  const types = new Map((await repo.typesByIds(db, [...new Set(rows.map((row) => row.ticket_type_id))])).map((row) => [row.id, row]))
  const now = new Date()
  const items = []
  for (const row of rows) {
    const info = await context.exhibitions.get(row.exhibition_id, caller.locale)
    const type = types.get(row.ticket_type_id)
    items.push({
      orderNumber: row.number,
      position: row.position,
      ticketId: row.ticket_id,
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
      timeZone: info.timeZone,
      // docs/product.md#ticket-transfer: the holder may hand it on as the buyer may, one offer at a time.
      transferOpen: attendeeChangesOpen(info, now) && !row.checked_in && !row.refunded && row.transfer_to === null,
      transfer: row.transfer_to && row.transfer_until ? { recipientEmail: row.transfer_to, expiresAt: row.transfer_until.toISOString() } : null,
    })
  }
  return { items }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * One of those tickets as its wallet pass shows it (docs/product.md#wallet-passes): the holder is who
 * carries it to the door. 404 for any other ticket, a refunded one or one of an exhibition that is over.
 */
export async function heldWalletTicket(context: TicketsContext, caller: Caller, number: string, ticketId: string): Promise<WalletTicket> {
  const { db, config } = context.platform
  const row = UUID.test(ticketId) ? (await heldRows(db, caller.userId, ticketId))[0] : undefined
  if (!row || row.number !== number || row.refunded) throw notFound()
  const info = await context.exhibitions.get(row.exhibition_id, caller.locale)
  const [type] = await repo.typesByIds(db, [row.ticket_type_id])
  return {
    t: context.strings(caller.locale),
    locale: caller.locale,
    brand: config.BRAND_NAME,
    orderNumber: row.number,
    exhibition: {
      title: info.title,
      venueName: info.venueName,
      address: info.address,
      city: info.city,
      startsAt: new Date(info.startsAt),
      endsAt: new Date(info.endsAt),
      timeZone: info.timeZone,
    },
    ticket: {
      id: row.ticket_id,
      position: row.position,
      holder: displayName({ first: row.first_name, last: row.last_name }),
      ticketName: type ? typeText(type, caller.locale).name : '',
      code: row.code,
    },
  }
}
