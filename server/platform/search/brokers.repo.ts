import type { Queryable } from '../../db/client.ts'

/** SQL that reads brokers: cards, rankings, recommendations, brand-zone adverts and profiles. Every statement runs unchanged on PGlite and PostgreSQL. */

export interface BrokerRow {
  id: number
  code: string
  trader_code: string | null
  name_en: string
  name_hans: string
  name_hant: string
  aliases: string[]
  logo: string | null
  label: string
  rating: string | number | null
  country: string | null
  popularity: number
  color: string
  annotation: string
  regulators: string[]
}

const BROKER_COLUMNS = `b.id, b.code, b.trader_code, b.name_en, b.name_hans, b.name_hant, b.aliases, b.logo, b.label, b.rating, b.country, b.popularity,
  l.color, coalesce(l.texts ->> $2, l.texts ->> 'en', b.label) as annotation,
  coalesce((select array_agg(distinct x.regulator order by x.regulator) from search_licences x
             where x.broker_id = b.id and x.status in ('regulated', 'offshore')), '{}') as regulators`

export async function brokersByIds(db: Queryable, ids: number[], locale: string): Promise<BrokerRow[]> {
  if (!ids.length) return []
  const result = await db.query<BrokerRow>(
    `select ${BROKER_COLUMNS} from search_brokers b join search_labels l on l.key = b.label where b.id = any($1::int[]) and b.published`,
    [ids, locale],
  )
  return result.rows
}

export async function brokerIdsByCodes(db: Queryable, codes: string[]): Promise<Map<string, number>> {
  const result = await db.query<{ id: number; code: string }>('select id, code from search_brokers where code = any($1::text[]) and published', [codes])
  return new Map(result.rows.map((row) => [row.code, row.id]))
}

export async function rankingPage(db: Queryable, locale: string, offset: number, limit: number): Promise<{ rows: BrokerRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<BrokerRow>(
      `select ${BROKER_COLUMNS} from search_brokers b join search_labels l on l.key = b.label
        where b.published order by b.rating desc nulls last, b.popularity desc, b.id offset $1 limit $3`,
      [offset, locale, limit],
    ),
    db.query<{ total: number }>('select count(*)::int as total from search_brokers where published'),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}

/** Recommended brokers of a project, or, for the other list types, the best rated or most searched. */
export async function recommendedIds(db: Queryable, project: string, type: 'recommended' | 'rating' | 'popular', limit: number): Promise<number[]> {
  if (type === 'recommended') {
    const own = await db.query<{ broker_id: number }>(
      `select r.broker_id from search_recommendations r join search_brokers b on b.id = r.broker_id and b.published
        where r.project = coalesce((select project from search_recommendations where project = $1 limit 1), 'expo')
        order by r.position limit $2`,
      [project, limit],
    )
    return own.rows.map((row) => row.broker_id)
  }
  const order = type === 'rating' ? 'rating desc nulls last, popularity desc, id' : 'popularity desc, id'
  const result = await db.query<{ id: number }>(`select id from search_brokers where published order by ${order} limit $1`, [limit])
  return result.rows.map((row) => row.id)
}

export async function activeAdBroker(db: Queryable, keyword: string, placement: string): Promise<number | null> {
  const result = await db.query<{ broker_id: number }>(
    `select a.broker_id from search_ad_keywords a join search_brokers b on b.id = a.broker_id and b.published
      where a.keyword = $1 and a.placement in ($2, '') and now() >= a.starts_at and now() < a.ends_at
      order by (a.placement = $2) desc limit 1`,
    [keyword, placement],
  )
  return result.rows[0]?.broker_id ?? null
}

export interface ProfileRow extends BrokerRow {
  founded: number | null
  website: string | null
}

export async function profileByTraderCode(db: Queryable, traderCode: string, locale: string): Promise<ProfileRow | null> {
  const result = await db.query<ProfileRow>(
    `select ${BROKER_COLUMNS}, b.founded, b.website from search_brokers b join search_labels l on l.key = b.label
      where b.trader_code = $1 and b.published`,
    [traderCode, locale],
  )
  return result.rows[0] ?? null
}

export interface LicenceRow {
  regulator: string
  regulator_name: string
  regulator_country: string
  licence_no: string
  licence_type: string
  status: string
}

export async function licencesOf(db: Queryable, brokerId: number, locale: string): Promise<LicenceRow[]> {
  const result = await db.query<LicenceRow>(
    `select x.regulator, coalesce(r.names ->> $2, r.names ->> 'en', r.code) as regulator_name, r.country as regulator_country,
            x.licence_no, x.licence_type, x.status
       from search_licences x join search_regulators r on r.code = x.regulator
      where x.broker_id = $1
      order by case x.status when 'regulated' then 0 when 'offshore' then 1 when 'exceeded' then 2 else 3 end, x.regulator`,
    [brokerId, locale],
  )
  return result.rows
}

/** A licence as the regulator and its number, compared without case or spaces. */
export const licenceKey = (regulator: string, number: string) => `${regulator.trim().toUpperCase()}|${number.replace(/\s+/g, '').toUpperCase()}`

/**
 * The published profiles (trader codes) of the brokers that hold each licence. A licence the directory
 * lists as cloned belongs to the firm it was copied from, never to the broker that shows it.
 */
export async function traderCodesByLicence(db: Queryable, licences: ReadonlyArray<{ regulator: string; number: string }>): Promise<Map<string, string>> {
  if (!licences.length) return new Map()
  const keys = licences.map((licence) => licenceKey(licence.regulator, licence.number))
  const result = await db.query<{ key: string; trader_code: string }>(
    `select distinct on (key) key, b.trader_code
       from (select upper(x.regulator) || '|' || upper(regexp_replace(x.licence_no, '\\s+', '', 'g')) as key, x.broker_id, x.status
               from search_licences x) l
       join search_brokers b on b.id = l.broker_id
      where l.key = any($1::text[]) and l.status <> 'clone' and b.published and b.trader_code is not null
      order by key, case l.status when 'regulated' then 0 else 1 end, b.id`,
    [keys],
  )
  return new Map(result.rows.map((row) => [row.key, row.trader_code]))
}

export async function warningsOf(db: Queryable, brokerId: number): Promise<Array<{ kind: string; noted_on: string }>> {
  const result = await db.query<{ kind: string; noted_on: string }>(
    "select kind, to_char(noted_on, 'YYYY-MM-DD') as noted_on from search_warnings where broker_id = $1 order by noted_on desc, kind",
    [brokerId],
  )
  return result.rows
}
