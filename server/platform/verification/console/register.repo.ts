import type { ChannelKind, ChannelPurpose } from '../../../../shared/contracts/verification.ts'
import type { ChannelState } from '../../../../shared/rules/console-register.ts'
import type { Queryable } from '../../../db/client.ts'
import type { ChannelRow, DocumentRow } from '../verification.repo.ts'

/** SQL of the console's register (the public check's queries stay in verification.repo.ts). */

const CHANNEL_COLUMNS = `id, kind, lookup_key, display, purpose, to_char(official_since, 'YYYY-MM-DD') as since,
  to_char(retired_on, 'YYYY-MM-DD') as until, public, note, exhibitor_company_id::int as company_id, to_char(valid_until, 'YYYY-MM-DD') as valid_until`
const DOCUMENT_COLUMNS = `id, sha256, title, reference, issued_to, to_char(issued_on, 'YYYY-MM-DD') as issued_on, shown_to,
  to_char(revoked_on, 'YYYY-MM-DD') as revoked_on`

/** `%`, `_` and `\` typed by a member are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export interface ChannelFilter {
  search: string
  /** The search in the register's own form, when it reads as a value of some kind. */
  keys: Array<{ kind: string; key: string }>
  kind: ChannelKind | undefined
  state: ChannelState
}

export async function channelPage(db: Queryable, filter: ChannelFilter, page: number, pageSize: number): Promise<{ rows: ChannelRow[]; total: number }> {
  const where = `($1::text is null or kind = $1)
    and ($2::text = 'all' or ($2 = 'current') = (retired_on is null))
    and ($3::text = '' or display ilike $4 or note ilike $4 or (kind, lookup_key) in (select * from unnest($5::text[], $6::text[])))`
  const params = [
    filter.kind ?? null,
    filter.state,
    filter.search,
    likePattern(filter.search),
    filter.keys.map((pair) => pair.kind),
    filter.keys.map((pair) => pair.key),
  ]
  const [rows, total] = await Promise.all([
    db.query<ChannelRow>(
      `select ${CHANNEL_COLUMNS} from verification_channels where ${where} order by (retired_on is not null), kind, official_since desc, id limit $7 offset $8`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from verification_channels where ${where}`, params),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}

export async function channelById(db: Queryable, id: number, lock = false): Promise<ChannelRow | null> {
  const result = await db.query<ChannelRow>(`select ${CHANNEL_COLUMNS} from verification_channels where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function channelByKey(db: Queryable, kind: ChannelKind, key: string): Promise<ChannelRow | null> {
  const result = await db.query<ChannelRow>(`select ${CHANNEL_COLUMNS} from verification_channels where kind = $1 and lookup_key = $2 for update`, [kind, key])
  return result.rows[0] ?? null
}

export interface ChannelFields {
  kind: ChannelKind
  key: string
  display: string
  purpose: ChannelPurpose
  since: string
  until: string | null
  public: boolean
  note: string
  /** An exhibiting company's channel; null: the organiser's own. */
  companyId: number | null
  validUntil: string | null
}

/** Null when the value is already registered (the unique key decides when two members race). */
export async function insertChannel(db: Queryable, fields: ChannelFields): Promise<ChannelRow | null> {
  const result = await db.query<ChannelRow>(
    `insert into verification_channels (kind, lookup_key, display, purpose, official_since, retired_on, public, note, exhibitor_company_id, valid_until)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (kind, lookup_key) do nothing returning ${CHANNEL_COLUMNS}`,
    [fields.kind, fields.key, fields.display, fields.purpose, fields.since, fields.until, fields.public, fields.note, fields.companyId, fields.validUntil],
  )
  return result.rows[0] ?? null
}

/** Null when another channel already has the new value. */
export async function updateChannel(db: Queryable, id: number, fields: ChannelFields): Promise<ChannelRow | null> {
  const taken = await db.query('select 1 from verification_channels where kind = $1 and lookup_key = $2 and id <> $3', [fields.kind, fields.key, id])
  if (taken.rows.length) return null
  const result = await db.query<ChannelRow>(
    `update verification_channels set kind = $2, lookup_key = $3, display = $4, purpose = $5, official_since = $6, retired_on = $7,
       public = $8, note = $9, exhibitor_company_id = $10, valid_until = $11, updated_at = now() where id = $1 returning ${CHANNEL_COLUMNS}`,
    [id, fields.kind, fields.key, fields.display, fields.purpose, fields.since, fields.until, fields.public, fields.note, fields.companyId, fields.validUntil],
  )
  return result.rows[0] ?? null
}

export async function documentPage(db: Queryable, search: string, page: number, pageSize: number): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = `($1::text = '' or title ilike $2 or issued_to ilike $2 or reference ilike $2 or sha256 = lower($1))`
  const params = [search, likePattern(search)]
  const [rows, total] = await Promise.all([
    db.query<DocumentRow>(
      `select ${DOCUMENT_COLUMNS} from verification_documents where ${where} order by (revoked_on is not null), issued_on desc, id desc limit $3 offset $4`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from verification_documents where ${where}`, params),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}

export async function documentById(db: Queryable, id: number, lock = false): Promise<DocumentRow | null> {
  const result = await db.query<DocumentRow>(`select ${DOCUMENT_COLUMNS} from verification_documents where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function revokeDocumentById(db: Queryable, id: number, on: string): Promise<DocumentRow> {
  const result = await db.query<DocumentRow>(
    `update verification_documents set revoked_on = greatest($2::date, issued_on) where id = $1 returning ${DOCUMENT_COLUMNS}`,
    [id, on],
  )
  return result.rows[0] as DocumentRow
}

/** Counts one visitor lookup of a value (the console's "what scammers are using now"). */
export async function recordLookup(db: Queryable, type: string, value: string, official: boolean): Promise<void> {
  await db.query(
    `insert into verification_lookups (query_type, value, official) values ($1, $2, $3)
     on conflict (query_type, value) do update set lookups = verification_lookups.lookups + 1, official = excluded.official, last_at = now()`,
    [type, value.slice(0, 400), official],
  )
}

export interface LookupRow {
  query_type: string
  value: string
  official: boolean
  lookups: number
  last_at: Date
}

export async function topUnknownLookups(db: Queryable, days: number, limit: number): Promise<LookupRow[]> {
  const result = await db.query<LookupRow>(
    `select query_type, value, official, lookups, last_at from verification_lookups
      where not official and last_at > now() - make_interval(days => $1) order by lookups desc, last_at desc limit $2`,
    [days, limit],
  )
  return result.rows
}

export async function recentLookups(db: Queryable, page: number, pageSize: number): Promise<{ rows: LookupRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<LookupRow>('select query_type, value, official, lookups, last_at from verification_lookups order by last_at desc, value limit $1 offset $2', [
      pageSize,
      (page - 1) * pageSize,
    ]),
    db.query<{ total: number }>('select count(*)::int as total from verification_lookups'),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}
