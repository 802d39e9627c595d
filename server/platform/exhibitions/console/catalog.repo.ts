import type { Queryable } from '../../../db/client.ts'
import type { Scope } from '../../staff-actor.ts'
import type { ExhibitionType, Region } from '../../../../shared/rules/exhibitions.ts'

/**
 * SQL of the console's catalogue on the exhibitions' side: exhibitions and their short texts as staff
 * edit them, and their ticket types as the editor shows them (read here, written by the tickets
 * domain's tickets/console/catalog.repo.ts).
 */

export type { Scope }

export interface CatalogExhibitionRow {
  id: number
  slug: string
  kind: ExhibitionType
  starts_at: Date
  ends_at: Date
  time_zone: string
  sales_open_at: Date | null
  sales_close_at: Date | null
  city: string
  country_code: string
  region: Region
  published: boolean
  attendee_changes_until: Date | null
  self_cancel: boolean
  refund_full_until: Date | null
  refund_partial_until: Date | null
  refund_partial_percent: number | null
}

export interface CatalogTextRow {
  exhibition_id: number
  locale: string
  title: string
  summary: string
  venue_name: string
  city: string
}

export interface CatalogTypeRow {
  id: number
  exhibition_id: number
  key: string
  price_minor: number
  currency: string
  capacity: number
  reserved: number
  sold: number
  sales_start_at: Date | null
  sales_end_at: Date | null
  max_per_order: number
  badge_role: string
  sort: number
  active: boolean
  texts: Record<string, { name?: string; description?: string }>
}

const EXHIBITION_COLUMNS = `id, slug, kind, starts_at, ends_at, time_zone, sales_open_at, sales_close_at, city, country_code, region, published,
  attendee_changes_until, self_cancel, refund_full_until, refund_partial_until, refund_partial_percent`

export async function exhibitionsInScope(db: Queryable, scope: Scope): Promise<Array<CatalogExhibitionRow & { ticket_types: number }>> {
  const result = await db.query<CatalogExhibitionRow & { ticket_types: number }>(
    `select ${EXHIBITION_COLUMNS}, (select count(*)::int from ticket_types t where t.exhibition_id = e.id and not t.exhibitor_pass) as ticket_types
       from exhibitions e where $1::int[] is null or id = any($1::int[]) order by starts_at desc, id desc`,
    [scope],
  )
  return result.rows
}

export async function exhibitionById(db: Queryable, id: number, lock = false): Promise<CatalogExhibitionRow | null> {
  const result = await db.query<CatalogExhibitionRow>(`select ${EXHIBITION_COLUMNS} from exhibitions where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function textsOf(db: Queryable, ids: readonly number[]): Promise<CatalogTextRow[]> {
  const result = await db.query<CatalogTextRow>(
    'select exhibition_id, locale, title, summary, venue_name, city from exhibition_texts where exhibition_id = any($1::int[]) order by locale',
    [ids],
  )
  return result.rows
}

export interface ExhibitionFields {
  slug: string
  kind: ExhibitionType
  startsAt: Date
  endsAt: Date
  timeZone: string
  salesOpenAt: Date | null
  salesCloseAt: Date | null
  city: string
  countryCode: string
  region: Region
  attendeeChangesUntil: Date | null
  selfCancel: boolean
  refundFullUntil: Date | null
  refundPartialUntil: Date | null
  refundPartialPercent: number | null
}

const fieldValues = (fields: ExhibitionFields) => [
  fields.slug,
  fields.kind,
  fields.startsAt,
  fields.endsAt,
  fields.timeZone,
  fields.salesOpenAt,
  fields.salesCloseAt,
  fields.city,
  fields.countryCode,
  fields.region,
  fields.attendeeChangesUntil,
  fields.selfCancel,
  fields.refundFullUntil,
  fields.refundPartialUntil,
  fields.refundPartialPercent,
]

/** A new exhibition is not published: visitors see it once staff publish it. */
export async function insertExhibition(tx: Queryable, fields: ExhibitionFields): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, sales_close_at, city, country_code, region,
       attendee_changes_until, self_cancel, refund_full_until, refund_partial_until, refund_partial_percent, published)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, false) returning id`,
    fieldValues(fields),
  )
  return result.rows[0]?.id as number
}

export async function updateExhibition(tx: Queryable, id: number, fields: ExhibitionFields): Promise<void> {
  await tx.query(
    `update exhibitions set slug = $1, kind = $2, starts_at = $3, ends_at = $4, time_zone = $5, sales_open_at = $6,
       sales_close_at = $7, city = $8, country_code = $9, region = $10, attendee_changes_until = $11, self_cancel = $12,
       refund_full_until = $13, refund_partial_until = $14, refund_partial_percent = $15, updated_at = now() where id = $16`,
    [...fieldValues(fields), id],
  )
}

export async function setPublished(tx: Queryable, id: number, published: boolean): Promise<void> {
  await tx.query('update exhibitions set published = $2, updated_at = now() where id = $1', [id, published])
}

/**
 * Writes the short texts of these languages and removes those of the languages left without a
 * title. The longer content (body, highlights, tagline) of a language that stays is kept.
 */
export async function writeTexts(
  tx: Queryable,
  id: number,
  texts: ReadonlyArray<{ locale: string; title: string; summary: string; venueName: string; city: string }>,
): Promise<void> {
  await tx.query('delete from exhibition_texts where exhibition_id = $1 and not (locale = any($2::text[]))', [id, texts.map((text) => text.locale)])
  for (const text of texts) {
    await tx.query(
      `insert into exhibition_texts (exhibition_id, locale, title, summary, venue_name, city) values ($1, $2, $3, $4, $5, $6)
       on conflict (exhibition_id, locale) do update set title = excluded.title, summary = excluded.summary, venue_name = excluded.venue_name, city = excluded.city`,
      [id, text.locale, text.title, text.summary, text.venueName, text.city],
    )
  }
}

const TYPE_COLUMNS = `t.id, t.exhibition_id, t.key, t.price_minor, t.currency, t.capacity, t.reserved, t.sales_start_at, t.sales_end_at,
  t.max_per_order, t.badge_role, t.sort, t.active, t.texts,
  (select count(*)::int from e_tickets k where k.ticket_type_id = t.id and k.voided_at is null) as sold`

export async function typesOf(db: Queryable, exhibitionId: number): Promise<CatalogTypeRow[]> {
  const result = await db.query<CatalogTypeRow>(
    `select ${TYPE_COLUMNS} from ticket_types t where t.exhibition_id = $1 and not t.exhibitor_pass order by t.sort, t.id`,
    [exhibitionId],
  )
  return result.rows
}

export async function typeById(db: Queryable, id: number): Promise<CatalogTypeRow | null> {
  const result = await db.query<CatalogTypeRow>(`select ${TYPE_COLUMNS} from ticket_types t where t.id = $1 and not t.exhibitor_pass`, [id])
  return result.rows[0] ?? null
}
