import type { ChannelKind } from '../../../../shared/contracts/verification.ts'
import type { AlertState } from '../../../../shared/rules/verification.ts'
import type { Queryable } from '../../../db/client.ts'

/** SQL of the public scam alerts (docs/product.md#scam-alerts); this domain is the table's one writer. */

export interface AlertRow {
  id: number
  kind: ChannelKind
  lookup_key: string
  display: string
  company_id: number | null
  first_seen: string
  summary: Record<string, string>
  published_at: Date
  withdrawn_at: Date | null
}

const COLUMNS = `id, kind, lookup_key, display, impersonated_company_id::int as company_id, to_char(first_seen, 'YYYY-MM-DD') as first_seen,
  summary, published_at, withdrawn_at`

/** `%`, `_` and `\` typed by a reader are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export interface AlertFields {
  kind: ChannelKind
  key: string
  display: string
  companyId: number | null
  firstSeen: string
  summary: Record<string, string>
}

export async function alertByKey(db: Queryable, kind: ChannelKind, key: string): Promise<AlertRow | null> {
  const result = await db.query<AlertRow>(`select ${COLUMNS} from scam_alerts where kind = $1 and lookup_key = $2 for update`, [kind, key])
  return result.rows[0] ?? null
}

export async function alertById(db: Queryable, id: number, lock = false): Promise<AlertRow | null> {
  const result = await db.query<AlertRow>(`select ${COLUMNS} from scam_alerts where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

/**
 * One row per channel, whoever publishes it first: a second publish (or two at once, through the unique
 * key) changes the row. A live alert keeps its publication time; a withdrawn one published again is new news.
 */
export async function upsertAlert(db: Queryable, fields: AlertFields, at: Date): Promise<{ row: AlertRow; created: boolean }> {
  const result = await db.query<AlertRow & { created: boolean }>(
    `insert into scam_alerts as alert (kind, lookup_key, display, impersonated_company_id, first_seen, summary, published_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)
     on conflict (kind, lookup_key) do update set
       display = excluded.display,
       impersonated_company_id = excluded.impersonated_company_id,
       first_seen = excluded.first_seen,
       summary = excluded.summary,
       published_at = case when alert.withdrawn_at is null then alert.published_at else excluded.published_at end,
       withdrawn_at = null,
       updated_at = excluded.updated_at
     returning ${COLUMNS}, (xmax = 0) as created`,
    [fields.kind, fields.key, fields.display, fields.companyId, fields.firstSeen, JSON.stringify(fields.summary), at],
  )
  const { created, ...row } = result.rows[0] as AlertRow & { created: boolean }
  return { row, created }
}

export async function withdrawAlert(db: Queryable, id: number, at: Date): Promise<AlertRow | null> {
  const result = await db.query<AlertRow>(
    `update scam_alerts set withdrawn_at = $2, updated_at = $2 where id = $1 and withdrawn_at is null returning ${COLUMNS}`,
    [id, at],
  )
  return result.rows[0] ?? null
}

/** The live alert for any of these (kind, key) pairs: what the public check answers "known scam channel" for. */
export async function liveAlert(db: Queryable, pairs: Array<{ kind: string; key: string }>): Promise<AlertRow | null> {
  const result = await db.query<AlertRow>(
    `select ${COLUMNS} from scam_alerts
      where withdrawn_at is null and (kind, lookup_key) in (select * from unnest($1::text[], $2::text[]))
      order by published_at desc, id desc limit 1`,
    [pairs.map((pair) => pair.kind), pairs.map((pair) => pair.key)],
  )
  return result.rows[0] ?? null
}

export interface AlertSearch {
  search: string
  /** The search in the register's own form, when it reads as a value of some kind. */
  keys: Array<{ kind: string; key: string }>
}

const SEARCH = `($1::text = '' or display ilike $2 or lookup_key ilike $2 or (kind, lookup_key) in (select * from unnest($3::text[], $4::text[])))`
const searchParams = (filter: AlertSearch) => [
  filter.search,
  likePattern(filter.search),
  filter.keys.map((pair) => pair.kind),
  filter.keys.map((pair) => pair.key),
]

/** Live alerts, newest first, after the keyset cursor (published at, id) of the page before; one more than asked shows there is a next page. */
export async function livePage(db: Queryable, filter: AlertSearch, before: { at: Date; id: number } | null, limit: number): Promise<AlertRow[]> {
  const result = await db.query<AlertRow>(
    `select ${COLUMNS} from scam_alerts
      where withdrawn_at is null and ${SEARCH}
        and ($5::timestamptz is null or (published_at, id) < ($5::timestamptz, $6::int))
      order by published_at desc, id desc limit $7`,
    [...searchParams(filter), before?.at ?? null, before?.id ?? 0, limit],
  )
  return result.rows
}

/** The console's list: every alert, withdrawn ones too, newest first. */
export async function consolePage(
  db: Queryable,
  filter: AlertSearch & { kind: ChannelKind | undefined; state: AlertState },
  page: number,
  pageSize: number,
): Promise<{ rows: AlertRow[]; total: number }> {
  const where = `${SEARCH} and ($5::text is null or kind = $5) and ($6::text = 'all' or ($6 = 'live') = (withdrawn_at is null))`
  const params = [...searchParams(filter), filter.kind ?? null, filter.state]
  const [rows, total] = await Promise.all([
    db.query<AlertRow>(`select ${COLUMNS} from scam_alerts where ${where} order by published_at desc, id desc limit $7 offset $8`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]),
    db.query<{ total: number }>(`select count(*)::int as total from scam_alerts where ${where}`, params),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}
