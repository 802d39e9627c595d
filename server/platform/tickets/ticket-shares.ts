import { LEAD_FIELDS, type LeadField } from '../../../shared/rules/leads.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'

/**
 * What exhibitors who scan a ticket may receive (docs/product.md#leads), changed at any time by the
 * order's buyer or by the attendee signed in with the ticket's own address. Anyone else hears the
 * same 404 as for a ticket that does not exist.
 */
export async function setTicketShares(
  db: Queryable,
  accountId: string,
  input: { orderNumber: string; position: number; shares: readonly LeadField[] },
): Promise<{ position: number; shares: LeadField[] }> {
  const result = await db.query<{ shares: string[] }>(
    `update ticket_attendees a set shares = $4::text[]
       from ticket_orders o
      where o.id = a.order_id and o.number = $1 and a.position = $2
        and ((o.account_id = $3 and a.transferred_at is null) or exists (select 1 from accounts c where c.id = $3 and c.email_verified_at is not null and lower(c.email) = lower(a.email)))
      returning a.shares`,
    [input.orderNumber, input.position, accountId, [...input.shares]],
  )
  const row = result.rows[0]
  if (!row) throw notFound()
  return { position: input.position, shares: LEAD_FIELDS.filter((field) => row.shares.includes(field)) }
}

/** The contact a ticket's holder lets exhibitors see now: each field only when chosen. */
export interface SharedContact {
  shares: LeadField[]
  firstName: string | null
  lastName: string | null
  /** Null when not shared, and when shared but never given. */
  company: string | null
  jobTitle: string | null
  email: string | null
  phone: string | null
}

export function sharedContact(row: {
  shares: string[]
  first_name: string
  last_name: string
  company: string
  job_title: string
  email: string
  phone_e164: string
}): SharedContact {
  const shares = LEAD_FIELDS.filter((field) => row.shares.includes(field))
  return {
    shares,
    firstName: shares.includes('name') ? row.first_name : null,
    lastName: shares.includes('name') ? row.last_name : null,
    company: shares.includes('company') && row.company ? row.company : null,
    jobTitle: shares.includes('position') && row.job_title ? row.job_title : null,
    email: shares.includes('email') ? row.email : null,
    phone: shares.includes('phone') ? row.phone_e164 : null,
  }
}
