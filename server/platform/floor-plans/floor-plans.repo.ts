import type { Queryable } from '../../db/client.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { BoothLabel, BoothState, BoothType } from '../../../shared/rules/floor-plans.ts'

/**
 * The floor plans' SQL (docs/product.md#floor-plans): this domain writes floor_plans,
 * floor_plan_halls and booths; it reads the exhibitions, the exhibitors' names and the media library.
 */

/** The company's name along the fallback chain `$1` (any language when none of the chain's is written), as `c` is joined. */
const COMPANY_NAME = `join lateral (select ct.locale, ct.name from exhibitor_company_texts ct where ct.company_id = c.id
    order by coalesce(array_position($1::text[], ct.locale), 99), ct.locale limit 1) ct on true`

/**
 * The hall's name for a reader along the fallback chain in parameter `chain` (docs/product.md#content-fallback), as `h` is
 * joined: English is the hall's label itself (the venue's signs), the other languages are its names.
 */
const hallName = (chain: string) => `coalesce((select n.name from floor_plan_hall_names n where n.hall_id = h.id and n.locale = any(${chain}::text[])
    order by array_position(${chain}::text[], n.locale) limit 1), h.label)`

export interface HallRow {
  id: number
  exhibition_id: number
  /** The English name, as the venue's signs write it. */
  label: string
  /** The name in the language the hall was read for (the label without a chain). */
  name: string
  width_dm: number
  depth_dm: number
  background_media_id: string | null
  background_src: string | null
  background_width: number | null
  background_height: number | null
  sort: number
  version: number
}

export interface BoothRow {
  id: number
  exhibition_id: number
  hall_id: number
  number: string
  x_dm: number
  y_dm: number
  w_dm: number
  h_dm: number
  booth_type: BoothType
  price_minor: number
  currency: string
  /** Exhibitor passes the booth's package includes (docs/product.md#team-passes). */
  passes_included: number
  /** Whether the package lets its exhibitor capture leads (docs/product.md#lead-capture-rule). */
  lead_capture: boolean
  state: BoothState
  exhibitor_id: number | null
  /** The exhibitor's company, along the chain it was read with. */
  exhibitor_name: string | null
  exhibitor_slug: string | null
  exhibitor_locale: Locale | null
  exhibitor_active: boolean | null
  version: number
}

const HALL_COLUMNS = `h.id, h.exhibition_id, h.label, h.width_dm, h.depth_dm, h.background_media_id, m.src as background_src,
  m.width as background_width, m.height as background_height, h.sort, h.version`

/** Booth numbers as people count them: A2 before A10. */
const BOOTH_ORDER = new Intl.Collator('en', { numeric: true })

const hallOf = (row: HallRow): HallRow => ({ ...row, id: Number(row.id) })

const boothOf = (row: BoothRow): BoothRow => ({
  ...row,
  id: Number(row.id),
  hall_id: Number(row.hall_id),
  price_minor: Number(row.price_minor),
  exhibitor_id: row.exhibitor_id === null ? null : Number(row.exhibitor_id),
})

/** Where a booth stands and what it is, as both the console and the visitors' plan send it. */
export const placeOf = (booth: BoothRow) => ({ number: booth.number, x: booth.x_dm, y: booth.y_dm, w: booth.w_dm, h: booth.h_dm, type: booth.booth_type })

export async function planCurrency(db: Queryable, exhibitionId: number): Promise<string | null> {
  const result = await db.query<{ currency: string }>('select currency from floor_plans where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.currency ?? null
}

/**
 * Locks the exhibition's plan for a change (every change of a plan takes this one lock first, so two
 * managers placing booths in one hall cannot both pass the overlap check); makes the plan with the
 * given currency when it has none yet. Null: the exhibition does not exist.
 */
export async function lockPlan(tx: Queryable, exhibitionId: number, currency: string | null): Promise<{ currency: string | null } | null> {
  const exhibition = await tx.query('select id from exhibitions where id = $1 for update', [exhibitionId])
  if (!exhibition.rows.length) return null
  if (currency !== null) {
    await tx.query('insert into floor_plans (exhibition_id, currency) values ($1, $2) on conflict (exhibition_id) do nothing', [exhibitionId, currency])
  }
  return { currency: await planCurrency(tx, exhibitionId) }
}

/** Sets the plan's currency; only while no booth is priced in the old one (the service checks). */
export async function setPlanCurrency(tx: Queryable, exhibitionId: number, currency: string): Promise<void> {
  await tx.query('update floor_plans set currency = $2 where exhibition_id = $1', [exhibitionId, currency])
}

/** The exhibition's halls, each named along `chain` (English alone without one). */
export async function hallsOf(db: Queryable, exhibitionId: number, chain: Locale[] = ['en']): Promise<HallRow[]> {
  const result = await db.query<HallRow>(
    `select ${HALL_COLUMNS}, ${hallName('$2')} as name from floor_plan_halls h left join media_items m on m.id = h.background_media_id
     where h.exhibition_id = $1 order by h.sort, h.id`,
    [exhibitionId, chain],
  )
  return result.rows.map(hallOf)
}

/** The names of the exhibition's halls in the languages other than English, by hall. */
export async function hallNamesOf(db: Queryable, exhibitionId: number): Promise<Map<number, Partial<Record<Locale, string>>>> {
  const result = await db.query<{ hall_id: number; locale: Locale; name: string }>(
    `select n.hall_id, n.locale, n.name from floor_plan_hall_names n join floor_plan_halls h on h.id = n.hall_id where h.exhibition_id = $1
     order by n.hall_id, n.locale`,
    [exhibitionId],
  )
  const names = new Map<number, Partial<Record<Locale, string>>>()
  for (const row of result.rows) names.set(Number(row.hall_id), { ...names.get(Number(row.hall_id)), [row.locale]: row.name })
  return names
}

/** Replaces the hall's names in the other languages with these (an empty one is no name). */
export async function setHallNames(tx: Queryable, hallId: number, names: Partial<Record<Locale, string>>): Promise<void> {
  await tx.query('delete from floor_plan_hall_names where hall_id = $1', [hallId])
  const written = Object.entries(names).filter(([locale, name]) => locale !== 'en' && name)
  if (!written.length) return
  await tx.query('insert into floor_plan_hall_names (hall_id, locale, name) select $1, locale, name from unnest($2::text[], $3::text[]) as t(locale, name)', [
    hallId,
    written.map(([locale]) => locale),
    written.map(([, name]) => name),
  ])
}

export async function hallById(db: Queryable, id: number): Promise<HallRow | null> {
  const result = await db.query<HallRow>(
    `select ${HALL_COLUMNS}, h.label as name from floor_plan_halls h left join media_items m on m.id = h.background_media_id where h.id = $1`,
    [id],
  )
  return result.rows[0] ? hallOf(result.rows[0]) : null
}

export interface HallFields {
  label: string
  width: number
  depth: number
  backgroundMediaId: string | null
  sort: number
}

export async function labelTaken(db: Queryable, exhibitionId: number, label: string, exceptId: number | null): Promise<boolean> {
  const result = await db.query('select 1 from floor_plan_halls where exhibition_id = $1 and label = $2 and id <> coalesce($3, 0)', [
    exhibitionId,
    label,
    exceptId,
  ])
  return result.rows.length > 0
}

export async function mediaExists(db: Queryable, mediaId: string): Promise<boolean> {
  const result = await db.query(`select 1 from media_items where id = $1 and kind = 'image'`, [mediaId])
  return result.rows.length > 0
}

export async function insertHall(tx: Queryable, exhibitionId: number, fields: HallFields): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `insert into floor_plan_halls (exhibition_id, label, width_dm, depth_dm, background_media_id, sort) values ($1, $2, $3, $4, $5, $6) returning id`,
    [exhibitionId, fields.label, fields.width, fields.depth, fields.backgroundMediaId, fields.sort],
  )
  return Number(result.rows[0]?.id)
}

export async function updateHall(tx: Queryable, id: number, fields: HallFields, at: Date): Promise<void> {
  await tx.query(
    `update floor_plan_halls set label = $2, width_dm = $3, depth_dm = $4, background_media_id = $5, sort = $6, version = version + 1, updated_at = $7
     where id = $1`,
    [id, fields.label, fields.width, fields.depth, fields.backgroundMediaId, fields.sort, at],
  )
}

export async function deleteHall(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from floor_plan_halls where id = $1', [id])
}

/** Booths of an exhibition (one hall's when `hallId` is given), with their exhibitors' names along `chain`. */
export async function boothsOf(db: Queryable, exhibitionId: number, chain: Locale[], hallId: number | null = null): Promise<BoothRow[]> {
  const result = await db.query<BoothRow>(
    `select b.id, b.exhibition_id, b.hall_id, b.number, b.x_dm, b.y_dm, b.w_dm, b.h_dm, b.booth_type, b.price_minor, b.currency, b.passes_included, b.lead_capture, b.state, b.exhibitor_id,
       ct.name as exhibitor_name, c.slug as exhibitor_slug, ct.locale as exhibitor_locale, (x.status = 'active') as exhibitor_active, b.version
     from booths b
     left join exhibitors x on x.id = b.exhibitor_id
     left join exhibitor_companies c on c.id = x.company_id
     left join lateral (select ct.locale, ct.name from exhibitor_company_texts ct where ct.company_id = c.id
       order by coalesce(array_position($1::text[], ct.locale), 99), ct.locale limit 1) ct on true
     where b.exhibition_id = $2 and ($3::bigint is null or b.hall_id = $3)`,
    [chain, exhibitionId, hallId],
  )
  return result.rows.map(boothOf).sort((a, b) => a.hall_id - b.hall_id || BOOTH_ORDER.compare(a.number, b.number))
}

export async function boothById(db: Queryable, id: number): Promise<BoothRow | null> {
  const result = await db.query<BoothRow>(
    `select b.id, b.exhibition_id, b.hall_id, b.number, b.x_dm, b.y_dm, b.w_dm, b.h_dm, b.booth_type, b.price_minor, b.currency, b.passes_included, b.lead_capture, b.state,
       b.exhibitor_id, null as exhibitor_name, null as exhibitor_slug, null as exhibitor_locale, null as exhibitor_active, b.version
     from booths b where b.id = $1`,
    [id],
  )
  return result.rows[0] ? boothOf(result.rows[0]) : null
}

export async function numberTaken(db: Queryable, exhibitionId: number, number: string, exceptId: number | null): Promise<boolean> {
  const result = await db.query('select 1 from booths where exhibition_id = $1 and number = $2 and id <> coalesce($3, 0)', [exhibitionId, number, exceptId])
  return result.rows.length > 0
}

export interface BoothFields {
  hallId: number
  number: string
  x: number
  y: number
  w: number
  h: number
  type: BoothType
  priceMinor: number
  currency: string
  passesIncluded: number
  leadCapture: boolean
}

export async function insertBooth(
  tx: Queryable,
  exhibitionId: number,
  fields: BoothFields,
  state: BoothState,
  exhibitorId: number | null = null,
): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `insert into booths (exhibition_id, hall_id, number, x_dm, y_dm, w_dm, h_dm, booth_type, price_minor, currency, state, exhibitor_id, passes_included, lead_capture)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
    [
      exhibitionId,
      fields.hallId,
      fields.number,
      fields.x,
      fields.y,
      fields.w,
      fields.h,
      fields.type,
      fields.priceMinor,
      fields.currency,
      state,
      exhibitorId,
      fields.passesIncluded,
      fields.leadCapture,
    ],
  )
  return Number(result.rows[0]?.id)
}

export async function updateBooth(tx: Queryable, id: number, fields: BoothFields, state: BoothState, at: Date): Promise<void> {
  await tx.query(
    `update booths set hall_id = $2, number = $3, x_dm = $4, y_dm = $5, w_dm = $6, h_dm = $7, booth_type = $8, price_minor = $9, currency = $10,
       state = $11, version = version + 1, updated_at = $12, passes_included = $13, lead_capture = $14
     where id = $1`,
    [
      id,
      fields.hallId,
      fields.number,
      fields.x,
      fields.y,
      fields.w,
      fields.h,
      fields.type,
      fields.priceMinor,
      fields.currency,
      state,
      at,
      fields.passesIncluded,
      fields.leadCapture,
    ],
  )
}

/** Sold to an exhibitor (`exhibitorId`), or freed (null). */
export async function setBoothExhibitor(tx: Queryable, id: number, exhibitorId: number | null, at: Date): Promise<void> {
  await tx.query(
    `update booths set exhibitor_id = $2, state = case when $2::bigint is null then 'available' else 'sold' end, version = version + 1, updated_at = $3
     where id = $1`,
    [id, exhibitorId, at],
  )
}

export async function deleteBooth(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from booths where id = $1', [id])
}

export async function hallBoothCount(db: Queryable, hallId: number): Promise<number> {
  const result = await db.query<{ count: number }>('select count(*)::int as count from booths where hall_id = $1', [hallId])
  return result.rows[0]?.count ?? 0
}

export async function pricedBoothCount(db: Queryable, exhibitionId: number): Promise<number> {
  const result = await db.query<{ count: number }>('select count(*)::int as count from booths where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.count ?? 0
}

/** The exhibition's active exhibitors by name along `$1`, for assigning booths. */
export async function exhibitorsAt(db: Queryable, exhibitionId: number, chain: Locale[]): Promise<Array<{ id: number; name: string }>> {
  const result = await db.query<{ id: number; name: string }>(
    `select x.id, ct.name from exhibitors x join exhibitor_companies c on c.id = x.company_id ${COMPANY_NAME}
     where x.exhibition_id = $2 and x.status = 'active' order by lower(ct.name), x.id`,
    [chain, exhibitionId],
  )
  return result.rows.map((row) => ({ id: Number(row.id), name: row.name }))
}

export async function activeExhibitorAt(db: Queryable, exhibitorId: number, exhibitionId: number): Promise<boolean> {
  const result = await db.query(`select 1 from exhibitors where id = $1 and exhibition_id = $2 and status = 'active'`, [exhibitorId, exhibitionId])
  return result.rows.length > 0
}

/** The currency of the exhibition's ticket types (the first by sort), a new plan's default. */
export async function ticketCurrency(db: Queryable, exhibitionId: number): Promise<string | null> {
  const result = await db.query<{ currency: string }>('select currency from ticket_types where exhibition_id = $1 order by sort, id limit 1', [exhibitionId])
  return result.rows[0]?.currency ?? null
}

export async function exhibitionIdBySlug(db: Queryable, slug: string): Promise<number | null> {
  const result = await db.query<{ id: number }>('select id from exhibitions where slug = $1', [slug])
  return result.rows[0]?.id ?? null
}

/** Whether visitors may see the exhibition (its plan is public with it). */
export async function publishedExhibition(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query('select 1 from exhibitions where id = $1 and published', [exhibitionId])
  return result.rows.length > 0
}

/** The booths an exhibitor holds or bought, by number (the console's exhibitor page). */
export async function boothsOfExhibitor(db: Queryable, exhibitorId: number): Promise<Array<{ number: string; hall: string; state: BoothState }>> {
  const result = await db.query<{ number: string; hall: string; state: BoothState }>(
    `select b.number, h.label as hall, b.state from booths b join floor_plan_halls h on h.id = b.hall_id where b.exhibitor_id = $1 order by b.number`,
    [exhibitorId],
  )
  return result.rows
}

/**
 * The passes included with the booths each exhibitor holds as sold (docs/product.md#team-passes): a held
 * booth adds none until its order is paid, a freed one takes its passes with it.
 */
export async function soldBoothPassesOf(db: Queryable, exhibitorIds: readonly number[]): Promise<Map<number, number>> {
  if (!exhibitorIds.length) return new Map()
  const result = await db.query<{ exhibitor_id: string; passes: number }>(
    `select exhibitor_id, sum(passes_included)::int as passes from booths where exhibitor_id = any($1::bigint[]) and state = 'sold' group by exhibitor_id`,
    [exhibitorIds],
  )
  return new Map(result.rows.map((row) => [Number(row.exhibitor_id), row.passes]))
}

/** Which of the exhibitors have a booth held for them, and which a booth sold to them (docs/product.md#console-exhibitors). */
export async function boothStatesOf(db: Queryable, exhibitorIds: readonly number[]): Promise<{ held: Set<number>; sold: Set<number> }> {
  const held = new Set<number>()
  const sold = new Set<number>()
  if (!exhibitorIds.length) return { held, sold }
  const result = await db.query<{ exhibitor_id: string; state: BoothState }>(
    `select distinct exhibitor_id, state from booths where exhibitor_id = any($1::bigint[]) and state in ('held', 'sold')`,
    [exhibitorIds],
  )
  for (const row of result.rows) (row.state === 'sold' ? sold : held).add(Number(row.exhibitor_id))
  return { held, sold }
}

/** Whether the exhibition's exhibitors choose their booths themselves; false without a plan. */
export async function selfSelection(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query<{ self_selection: boolean }>('select self_selection from floor_plans where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.self_selection ?? false
}

export async function setSelfSelection(tx: Queryable, exhibitionId: number, open: boolean): Promise<boolean> {
  const result = await tx.query('update floor_plans set self_selection = $2 where exhibition_id = $1', [exhibitionId, open])
  return result.rowCount > 0
}

/** The booth, its row locked: two exhibitors choosing it at once queue here, and the second finds it held. */
export async function lockBooth(tx: Queryable, id: number): Promise<BoothRow | null> {
  await tx.query('select id from booths where id = $1 for update', [id])
  return boothById(tx, id)
}

/** How many booths the exhibitor holds or has bought. */
export async function boothsTakenBy(db: Queryable, exhibitorId: number): Promise<number> {
  const result = await db.query<{ n: number }>(`select count(*)::int as n from booths where exhibitor_id = $1 and state in ('held', 'sold')`, [exhibitorId])
  return result.rows[0]?.n ?? 0
}

export async function holdBooth(tx: Queryable, id: number, exhibitorId: number, at: Date): Promise<void> {
  await tx.query(`update booths set state = 'held', exhibitor_id = $2, version = version + 1, updated_at = $3 where id = $1 and state = 'available'`, [
    id,
    exhibitorId,
    at,
  ])
}

/** Held booths whose orders ended unpaid are free again; in ascending id order, as every batch of booth locks. */
export async function releaseHeldBooths(tx: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return
  await tx.query(
    `update booths set state = 'available', exhibitor_id = null, version = version + 1, updated_at = $2
     where id in (select id from booths where id = any($1::bigint[]) and state = 'held' order by id for update)`,
    [ids, new Date(Date.now())],
  )
}

/** The held booth becomes the exhibitor's, sold; answers its number and hall (in English). */
export async function sellHeldBooth(tx: Queryable, id: number, exhibitorId: number): Promise<{ number: string; hall: string }> {
  const result = await tx.query<{ number: string; hall: string }>(
    `update booths b set state = 'sold', version = b.version + 1, updated_at = $3 from floor_plan_halls h
     where b.id = $1 and b.exhibitor_id = $2 and b.state = 'held' and h.id = b.hall_id returning b.number, h.label as hall`,
    [id, exhibitorId, new Date(Date.now())],
  )
  const row = result.rows[0]
  // A held booth is its order's until the order ends (the console neither assigns nor deletes it).
  if (!row) throw new Error(`booth ${id} is not held for exhibitor ${exhibitorId}`)
  return row
}

/** A sold booth whose order was refunded is free again. */
export async function freeSoldBooth(tx: Queryable, id: number, exhibitorId: number): Promise<void> {
  await tx.query(
    `update booths set state = 'available', exhibitor_id = null, version = version + 1, updated_at = $3 where id = $1 and exhibitor_id = $2 and state = 'sold'`,
    [id, exhibitorId, new Date(Date.now())],
  )
}

/** What the booth is, its hall named for a reader of `locale` (the order pages, the invoice, the mails). */
export async function boothLabel(db: Queryable, id: number, locale: Locale = 'en'): Promise<BoothLabel> {
  const result = await db.query<{ number: string; hall: string; booth_type: BoothType; w_dm: number; h_dm: number }>(
    `select b.number, ${hallName('$2')} as hall, b.booth_type, b.w_dm, b.h_dm from booths b join floor_plan_halls h on h.id = b.hall_id where b.id = $1`,
    [id, contentFallbackChain(locale)],
  )
  const row = result.rows[0]
  if (!row) return { number: String(id), hall: '', type: 'shell', widthM: 0, depthM: 0 }
  return { number: row.number, hall: row.hall, type: row.booth_type, widthM: Number(row.w_dm) / 10, depthM: Number(row.h_dm) / 10 }
}

export interface ChoiceBoothRow {
  id: number
  number: string
  hall: string
  booth_type: BoothType
  w_dm: number
  h_dm: number
  price_minor: number
  passes_included: number
  state: BoothState
}

/** The exhibition's booths that are free or the exhibitor's, with their hall named along `chain`, in hall order. */
export async function boothsForChoice(db: Queryable, exhibitionId: number, exhibitorId: number, chain: Locale[]): Promise<ChoiceBoothRow[]> {
  const result = await db.query<ChoiceBoothRow>(
    `select b.id, b.number, ${hallName('$3')} as hall, b.booth_type, b.w_dm, b.h_dm, b.price_minor, b.passes_included, b.state
     from booths b join floor_plan_halls h on h.id = b.hall_id
     where b.exhibition_id = $1 and (b.state = 'available' or b.exhibitor_id = $2) order by h.sort, h.id`,
    [exhibitionId, exhibitorId, chain],
  )
  const halls = new Map<string, number>()
  for (const row of result.rows) if (!halls.has(row.hall)) halls.set(row.hall, halls.size)
  const rows = result.rows.map((row) => ({ ...row, id: Number(row.id), price_minor: Number(row.price_minor) }))
  return rows.sort((a, b) => (halls.get(a.hall) ?? 0) - (halls.get(b.hall) ?? 0) || BOOTH_ORDER.compare(a.number, b.number))
}
