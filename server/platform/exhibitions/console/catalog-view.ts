import { badgeRoleOf } from '../../../../shared/rules/badges.ts'
import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-catalog.ts'
import type { Queryable } from '../../../db/client.ts'
import { notFound } from '../../errors.ts'
import { stateOf } from '../state.ts'
import * as repo from './catalog.repo.ts'
import { toVenueTime } from '../../../../shared/venue-time.ts'

export type CatalogExhibition = z.output<typeof contracts.catalogExhibition>
type Texts = CatalogExhibition['texts']

export const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** An exhibition outside the member's limits does not exist for them. */
export async function exhibitionInScope(db: Queryable, scope: repo.Scope, id: number, lock = false): Promise<repo.CatalogExhibitionRow> {
  const row = scope === null || scope.includes(id) ? await repo.exhibitionById(db, id, lock) : null
  if (!row) throw exhibitionNotFound()
  return row
}

const venueTime = (instant: Date | null, timeZone: string) => (instant ? toVenueTime(instant, timeZone) : null)

/** The state a visitor sees (docs/product.md#exhibition-states), by the public rule. */
export const visitorState = (row: repo.CatalogExhibitionRow, now: Date) =>
  stateOf({ startsAt: row.starts_at, endsAt: row.ends_at, salesOpenAt: row.sales_open_at, salesCloseAt: row.sales_close_at }, now)

export function textsByLocale(rows: readonly repo.CatalogTextRow[]): Texts {
  const texts: Texts = {}
  for (const row of rows) texts[row.locale as keyof Texts] = { title: row.title, summary: row.summary, venueName: row.venue_name, city: row.city }
  return texts
}

/** An exhibition as the console edits it, times on the venue's clock, with its ticket types. */
export async function catalogExhibition(db: Queryable, row: repo.CatalogExhibitionRow, now: Date): Promise<CatalogExhibition> {
  const zone = row.time_zone
  const types = await repo.typesOf(db, row.id)
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    timeZone: zone,
    startsAt: toVenueTime(row.starts_at, zone),
    endsAt: toVenueTime(row.ends_at, zone),
    salesOpenAt: venueTime(row.sales_open_at, zone),
    salesCloseAt: venueTime(row.sales_close_at, zone),
    city: row.city,
    countryCode: row.country_code,
    region: row.region,
    state: visitorState(row, now),
    published: row.published,
    attendeeChangesUntil: venueTime(row.attendee_changes_until, zone),
    selfCancel: row.self_cancel,
    refundFullUntil: venueTime(row.refund_full_until, zone),
    refundPartialUntil: venueTime(row.refund_partial_until, zone),
    refundPartialPercent: row.refund_partial_percent,
    texts: textsByLocale(await repo.textsOf(db, [row.id])),
    ticketTypes: types.map((type) => ({
      id: type.id,
      key: type.key,
      priceMinor: type.price_minor,
      currency: type.currency,
      capacity: type.capacity,
      sold: type.sold,
      held: Math.max(0, type.reserved - type.sold),
      maxPerOrder: type.max_per_order,
      salesStartAt: venueTime(type.sales_start_at, zone),
      salesEndAt: venueTime(type.sales_end_at, zone),
      active: type.active,
      sort: type.sort,
      badgeRole: badgeRoleOf(type.badge_role, false),
      texts: Object.fromEntries(Object.entries(type.texts).map(([locale, text]) => [locale, { name: text.name ?? '', description: text.description ?? '' }])),
    })),
  }
}
