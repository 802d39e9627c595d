import type { Queryable } from '../../../db/client.ts'
import type { Locale } from '../../../../shared/languages.ts'
import type { ExhibitorKind, MemberRole } from '../../../../shared/rules/exhibitors.ts'

/**
 * What the console reads of exhibitors (docs/product.md#console-exhibitors): read only, the exhibitors
 * domain's tables with the exhibitions' titles, the members' accounts and the applications' references.
 * Changes go through the service (exhibitors.service.ts).
 */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`

/** The exhibition's title along the fallback chain `$1`, as `e` is joined. */
const EXHIBITION_TITLE = `left join lateral (select t.title from exhibition_texts t where t.exhibition_id = e.id and t.locale = any($1::text[])
    order by array_position($1::text[], t.locale) limit 1) et on true`

/** The company's name along the fallback chain `$1` (any language when none of the chain's is written), as `c` is joined. */
const COMPANY_NAME = `join lateral (select ct.name from exhibitor_company_texts ct where ct.company_id = c.id
    order by coalesce(array_position($1::text[], ct.locale), 99), ct.locale limit 1) ct on true`

export interface ConsoleFilter {
  /** Exhibition ids the member may see; null: all. */
  scope: readonly number[] | null
  chain: Locale[]
  exhibitionId: number | null
  kind: ExhibitorKind | null
  search: string | null
  now: Date
}

export interface ConsoleRow {
  id: number
  status: 'active' | 'withdrawn'
  created_at: Date
  company_id: number
  slug: string
  kind: ExhibitorKind
  country: string | null
  website: string | null
  name: string
  /** The English profile's summary and description, what the gaps are read from. */
  en_summary: string | null
  en_description: string | null
  licences: number
  members: number
  open_invitations: number
  exhibition_id: number
  exhibition_title: string
  starts_at: Date
  application_reference: string | null
  application_status: string | null
}

const COLUMNS = `x.id, x.status, x.created_at, c.id as company_id, c.slug, c.kind, c.country, c.website, ct.name,
  en.summary as en_summary, en.description as en_description,
  (select count(*) from exhibitor_licences l where l.company_id = c.id)::int as licences,
  (select count(*) from exhibitor_members mb where mb.exhibitor_id = x.id)::int as members,
  (select count(*) from exhibitor_invitations i where i.exhibitor_id = x.id and i.accepted_at is null and i.expires_at > $2)::int as open_invitations,
  e.id as exhibition_id, coalesce(et.title, e.slug) as exhibition_title, e.starts_at, a.reference as application_reference, a.status as application_status`

const FROM = `exhibitors x join exhibitor_companies c on c.id = x.company_id ${COMPANY_NAME}
  left join exhibitor_company_texts en on en.company_id = c.id and en.locale = 'en'
  join exhibitions e on e.id = x.exhibition_id ${EXHIBITION_TITLE}
  left join applications a on a.id = x.application_id`

/**
 * Every exhibitor the filter lets through, by name. The stage is read from the profile's gaps, one rule
 * in shared/rules/exhibitors.ts, so the stage filter and the paging happen after it (an exhibition has
 * hundreds of exhibitors, not millions).
 */
export async function consoleRows(db: Queryable, filter: ConsoleFilter): Promise<ConsoleRow[]> {
  const query = consoleRowsQuery(filter)
  const result = await db.query<ConsoleRow>(query.sql, query.params)
  return result.rows.map(asConsoleRow)
}

/** The same rows as a query, for a cursor (the streamed export); each row then goes through asConsoleRow. */
export function consoleRowsQuery(filter: ConsoleFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.chain, filter.now]
  const where: string[] = []
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    where.push(condition(`$${params.length}`))
  }
  if (filter.scope !== null) add((p) => `x.exhibition_id = any(${p}::int[])`, filter.scope)
  if (filter.exhibitionId !== null) add((p) => `x.exhibition_id = ${p}`, filter.exhibitionId)
  if (filter.kind) add((p) => `c.kind = ${p}`, filter.kind)
  if (filter.search) {
    add(
      (p) =>
        `(exists (select 1 from exhibitor_company_texts s where s.company_id = c.id and s.name ilike ${p})
          or exists (select 1 from exhibitor_members mb join accounts ac on ac.id = mb.account_id where mb.exhibitor_id = x.id and ac.email ilike ${p})
          or exists (select 1 from exhibitor_invitations i where i.exhibitor_id = x.id and i.accepted_at is null and i.email ilike ${p}))`,
      likePattern(filter.search),
    )
  }
  return {
    sql: `select ${COLUMNS} from ${FROM} ${where.length ? `where ${where.join(' and ')}` : ''}
     order by lower(ct.name), e.starts_at desc, x.id`,
    params,
  }
}

/** Ids come back from bigint columns as text. */
export const asConsoleRow = (row: ConsoleRow): ConsoleRow => ({ ...row, id: Number(row.id), company_id: Number(row.company_id) })

/** How many rows consoleRowsQuery gives for one exhibition, for an export's audit line. */
export async function countConsoleRows(db: Queryable, exhibitionId: number, chain: Locale[]): Promise<number> {
  const result = await db.query<{ n: number }>(`select count(*)::int as n from ${FROM} where x.exhibition_id = $2`, [chain, exhibitionId])
  return result.rows[0]?.n ?? 0
}

export async function consoleRow(db: Queryable, exhibitorId: number, chain: Locale[], now: Date): Promise<ConsoleRow | null> {
  const result = await db.query<ConsoleRow>(`select ${COLUMNS} from ${FROM} where x.id = $3`, [chain, now, exhibitorId])
  const row = result.rows[0]
  return row ? asConsoleRow(row) : null
}

/** The same company's exhibitors at other exhibitions, latest first. */
export async function otherExhibitors(db: Queryable, companyId: number, exceptId: number, chain: Locale[], now: Date): Promise<ConsoleRow[]> {
  const result = await db.query<ConsoleRow>(`select ${COLUMNS} from ${FROM} where x.company_id = $3 and x.id <> $4 order by e.starts_at desc, x.id`, [
    chain,
    now,
    companyId,
    exceptId,
  ])
  return result.rows.map(asConsoleRow)
}

export interface UnusedInvitationRow {
  id: number
  email: string
  role: MemberRole
  locale: string
  expires_at: Date
  invited_by_nick: string | null
}

/** Invitations not taken yet, expired ones too: the organiser may send a lapsed admin invitation again. */
export async function unusedInvitations(db: Queryable, exhibitorId: number): Promise<UnusedInvitationRow[]> {
  const result = await db.query<UnusedInvitationRow>(
    `select i.id, i.email, i.role, i.locale, i.expires_at, ac.nick as invited_by_nick
     from exhibitor_invitations i left join accounts ac on ac.id = i.invited_by
     where i.exhibitor_id = $1 and i.accepted_at is null order by i.created_at, i.id`,
    [exhibitorId],
  )
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** The exhibitions the member may see, for the filter. */
export async function exhibitionsFor(db: Queryable, scope: readonly number[] | null, chain: Locale[]): Promise<Array<{ id: number; title: string }>> {
  const result = await db.query<{ id: number; title: string }>(
    `select e.id, coalesce(et.title, e.slug) as title from exhibitions e ${EXHIBITION_TITLE} where ($2::int[] is null or e.id = any($2::int[]))
     order by e.starts_at desc, e.id desc limit 200`,
    [chain, scope],
  )
  return result.rows
}

export async function exhibitionExists(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query('select 1 from exhibitions where id = $1', [exhibitionId])
  return result.rows.length > 0
}

/** Every channel the register holds for the company, lapsed and retired ones too (docs/product.md#exhibitor-channels). */
export async function registerChannelsOf(
  db: Queryable,
  companyId: number,
): Promise<Array<{ id: number; kind: string; display: string; valid_until: string; retired_on: string | null }>> {
  const result = await db.query<{ id: number; kind: string; display: string; valid_until: string; retired_on: string | null }>(
    `select id, kind, display, to_char(valid_until, 'YYYY-MM-DD') as valid_until, to_char(retired_on, 'YYYY-MM-DD') as retired_on
     from verification_channels where exhibitor_company_id = $1 order by (retired_on is not null), valid_until desc, id`,
    [companyId],
  )
  return result.rows
}
