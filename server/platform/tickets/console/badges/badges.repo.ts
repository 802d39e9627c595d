import type { Locale } from '../../../../../shared/languages.ts'
import type { BadgeRole } from '../../../../../shared/rules/badges.ts'
import type { Queryable } from '../../../../db/client.ts'
import { BADGE_ROLE, localeLiteral } from '../staff-orders.repo.ts'

/** SQL of badges (docs/product.md#badges): the tickets that let someone in, a page of them at a time. */

export interface BadgeFilter {
  exhibitionId: number
  ticketTypeId?: number | undefined
  ticketId?: string | undefined
}

export interface BadgeRow {
  id: string
  code: string
  first_name: string
  last_name: string
  phone_country: string
  role: BadgeRole
  company: string | null
  position: string | null
}

/** A badge is printed only for a ticket that lets its holder in: paid, not voided, not refunded. */
const WHERE = `e.exhibition_id = $1 and ($2::int is null or e.ticket_type_id = $2) and ($3::uuid is null or e.id = $3)
  and o.status = 'paid' and e.voided_at is null
  and not exists (select 1 from refunds r where r.order_id = o.id and r.status <> 'failed' and (r.ticket_ids is null or e.id = any (r.ticket_ids)))`

const FROM = `from e_tickets e
  join ticket_orders o on o.id = e.order_id
  join ticket_attendees a on a.id = e.attendee_id
  join ticket_types t on t.id = e.ticket_type_id`

const params = (filter: BadgeFilter) => [filter.exhibitionId, filter.ticketTypeId ?? null, filter.ticketId ?? null]

export async function countBadges(db: Queryable, filter: BadgeFilter): Promise<number> {
  const result = await db.query<{ count: number }>(`select count(*)::int as count ${FROM} where ${WHERE}`, params(filter))
  return result.rows[0]?.count ?? 0
}

/**
 * The next page of badges after ticket `after`, in ticket id order: each page is one short query on
 * the primary key, so a whole exhibition is read in constant memory while the PDF streams out.
 */
export async function badgePage(db: Queryable, filter: BadgeFilter, locale: Locale, after: string | null, limit: number): Promise<BadgeRow[]> {
  const result = await db.query<BadgeRow>(
    `select e.id, e.code, a.first_name, a.last_name, a.phone_country, ${BADGE_ROLE('t')} as role,
       coalesce((select ct.name from exhibitors x join exhibitor_company_texts ct on ct.company_id = x.company_id where x.id = o.pass_exhibitor_id
         order by ct.locale <> ${localeLiteral(locale)}, ct.locale <> 'en', ct.locale limit 1), nullif(a.company, '')) as company,
       nullif(a.job_title, '') as position
     ${FROM} where ${WHERE} and ($4::uuid is null or e.id > $4) order by e.id limit $5`,
    [...params(filter), after, limit],
  )
  return result.rows
}

export interface BadgeExhibitionRow {
  title: string
  starts_at: Date
  ends_at: Date
  time_zone: string
}

export async function badgeExhibition(db: Queryable, exhibitionId: number, locale: Locale): Promise<BadgeExhibitionRow | null> {
  const result = await db.query<BadgeExhibitionRow>(
    `select coalesce((select x.title from exhibition_texts x where x.exhibition_id = e.id
         order by x.locale <> ${localeLiteral(locale)}, x.locale <> 'en', x.locale limit 1), '') as title,
       e.starts_at, e.ends_at, e.time_zone
     from exhibitions e where e.id = $1`,
    [exhibitionId],
  )
  return result.rows[0] ?? null
}

/** Whether a ticket type is the exhibition's (the filter names one of its types, or nothing). */
export async function typeOfExhibition(db: Queryable, exhibitionId: number, ticketTypeId: number): Promise<boolean> {
  const result = await db.query('select 1 from ticket_types where id = $1 and exhibition_id = $2', [ticketTypeId, exhibitionId])
  return result.rows.length > 0
}
