import type { ChannelKind, ChannelPurpose, DocumentAudience } from '../../../shared/contracts/verification.ts'
import type { Queryable } from '../../db/client.ts'

export interface ChannelRow {
  id: number
  kind: ChannelKind
  lookup_key: string
  display: string
  purpose: ChannelPurpose
  since: string
  until: string | null
  public: boolean
  note: string
  /** Written by the demo seeder (migration 0190): never anyone's official channel. */
  demo: boolean
  /** An exhibiting company's channel (docs/product.md#exhibitor-channels); null: the organiser's own. */
  company_id: number | null
  /** The last day an exhibitor's channel is vouched for (YYYY-MM-DD). */
  valid_until: string | null
}

export interface DocumentRow {
  id: number
  sha256: string
  title: string
  reference: string | null
  issued_to: string
  issued_on: string
  shown_to: DocumentAudience
  revoked_on: string | null
  demo: boolean
}

const CHANNEL_COLUMNS = `id, kind, lookup_key, display, purpose, to_char(official_since, 'YYYY-MM-DD') as since,
  to_char(retired_on, 'YYYY-MM-DD') as until, public, note, demo, exhibitor_company_id::int as company_id,
  to_char(valid_until, 'YYYY-MM-DD') as valid_until`
const DOCUMENT_COLUMNS = `id, sha256, title, reference, issued_to, to_char(issued_on, 'YYYY-MM-DD') as issued_on, shown_to,
  to_char(revoked_on, 'YYYY-MM-DD') as revoked_on, demo`

/** Every row whose (kind, key) is one of the pairs: one statement whatever the answer, so it takes the same time. */
export async function findChannels(db: Queryable, pairs: Array<{ kind: string; key: string }>): Promise<ChannelRow[]> {
  const result = await db.query<ChannelRow>(
    `select ${CHANNEL_COLUMNS} from verification_channels
      where (kind, lookup_key) in (select * from unnest($1::text[], $2::text[]))
      order by official_since, id`,
    [pairs.map((pair) => pair.kind), pairs.map((pair) => pair.key)],
  )
  return result.rows
}

export async function listPublicChannels(db: Queryable): Promise<ChannelRow[]> {
  const result = await db.query<ChannelRow>(
    `select ${CHANNEL_COLUMNS} from verification_channels where public and retired_on is null and exhibitor_company_id is null
      order by array_position(array['domain','phone','email','whatsapp','telegram','wechat','line','x','instagram','facebook','youtube','tiktok','app','iban','bankAccount','usdtTrc20','usdtErc20'], kind), official_since, id`,
  )
  return result.rows
}

/** Exhibitors' channels valid on `today` (YYYY-MM-DD): what look-alikes of theirs are measured against. */
export async function listExhibitorChannels(db: Queryable, today: string): Promise<ChannelRow[]> {
  const result = await db.query<ChannelRow>(
    `select ${CHANNEL_COLUMNS} from verification_channels
      where exhibitor_company_id is not null and retired_on is null and valid_until >= $1::date and not demo order by exhibitor_company_id, id`,
    [today],
  )
  return result.rows
}

export async function listChannels(db: Queryable, kind?: ChannelKind): Promise<ChannelRow[]> {
  const result = await db.query<ChannelRow>(
    `select ${CHANNEL_COLUMNS} from verification_channels where ($1::text is null or kind = $1) order by kind, official_since, id`,
    [kind ?? null],
  )
  return result.rows
}

export interface NewChannel {
  kind: ChannelKind
  key: string
  display: string
  purpose: ChannelPurpose
  since: string
  public: boolean
  note: string
}

/** Adds a channel, or reinstates and updates one with the same key (a retired channel made official again). */
export async function upsertChannel(db: Queryable, channel: NewChannel): Promise<{ row: ChannelRow; created: boolean }> {
  const result = await db.query<ChannelRow & { created: boolean }>(
    `insert into verification_channels (kind, lookup_key, display, purpose, official_since, public, note)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (kind, lookup_key) do update set display = excluded.display, purpose = excluded.purpose,
       official_since = excluded.official_since, public = excluded.public, note = excluded.note, retired_on = null, demo = false,
       exhibitor_company_id = null, valid_until = null, updated_at = now()
     returning ${CHANNEL_COLUMNS}, (xmax = 0) as created`,
    [channel.kind, channel.key, channel.display, channel.purpose, channel.since, channel.public, channel.note],
  )
  const row = result.rows[0] as ChannelRow & { created: boolean }
  return { row, created: row.created }
}

export async function retireChannel(db: Queryable, kind: ChannelKind, key: string, on: string): Promise<ChannelRow | null> {
  const result = await db.query<ChannelRow>(
    `update verification_channels set retired_on = greatest($3::date, official_since), updated_at = now()
      where kind = $1 and lookup_key = $2 and retired_on is null returning ${CHANNEL_COLUMNS}`,
    [kind, key, on],
  )
  return result.rows[0] ?? null
}

export async function deleteChannel(db: Queryable, kind: ChannelKind, key: string): Promise<boolean> {
  const result = await db.query('delete from verification_channels where kind = $1 and lookup_key = $2', [kind, key])
  return result.rowCount > 0
}

export async function findDocument(db: Queryable, sha256: string): Promise<DocumentRow | null> {
  const result = await db.query<DocumentRow>(`select ${DOCUMENT_COLUMNS} from verification_documents where sha256 = $1`, [sha256])
  return result.rows[0] ?? null
}

export interface NewDocument {
  sha256: string
  title: string
  reference: string | null
  issuedTo: string
  issuedOn: string
  shownTo: DocumentAudience
}

export async function insertDocument(db: Queryable, document: NewDocument): Promise<DocumentRow | null> {
  const result = await db.query<DocumentRow>(
    `insert into verification_documents (sha256, title, reference, issued_to, issued_on, shown_to)
     values ($1, $2, $3, $4, $5, $6) on conflict (sha256) do nothing returning ${DOCUMENT_COLUMNS}`,
    [document.sha256, document.title, document.reference, document.issuedTo, document.issuedOn, document.shownTo],
  )
  return result.rows[0] ?? null
}

export async function listDocuments(db: Queryable): Promise<DocumentRow[]> {
  const result = await db.query<DocumentRow>(`select ${DOCUMENT_COLUMNS} from verification_documents order by issued_on, id`)
  return result.rows
}

export async function revokeDocument(db: Queryable, sha256: string, on: string): Promise<DocumentRow | null> {
  const result = await db.query<DocumentRow>(
    `update verification_documents set revoked_on = greatest($2::date, issued_on) where sha256 = $1 and revoked_on is null returning ${DOCUMENT_COLUMNS}`,
    [sha256, on],
  )
  return result.rows[0] ?? null
}
