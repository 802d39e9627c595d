import type { ChannelKind, SubmissionState } from '../../../../shared/rules/verification.ts'
import type { Queryable } from '../../../db/client.ts'

/** SQL of the channels exhibitors submit (docs/product.md#exhibitor-channel-submissions); this domain is its one writer. */

export interface SubmissionRow {
  id: number
  company_id: number
  exhibition_id: number
  kind: ChannelKind
  lookup_key: string
  display: string
  note: string
  state: SubmissionState
  submitted_by: string | null
  submitted_at: Date
  decided_by: string | null
  decided_at: Date | null
  reason: string | null
  channel_id: number | null
  /** The register entry it made: its last valid day and retirement (YYYY-MM-DD), when it has one. */
  valid_until: string | null
  retired_on: string | null
  /** The exhibition's last day at its venue, as a date (YYYY-MM-DD). */
  exhibition_ends_on: string
}

const COLUMNS = `s.id::int as id, s.company_id::int as company_id, s.exhibition_id, s.kind, s.lookup_key, s.display, s.note, s.state,
  s.submitted_by, s.submitted_at, s.decided_by, s.decided_at, s.reason, s.channel_id,
  to_char(c.valid_until, 'YYYY-MM-DD') as valid_until, to_char(c.retired_on, 'YYYY-MM-DD') as retired_on,
  to_char(e.ends_at at time zone e.time_zone, 'YYYY-MM-DD') as exhibition_ends_on`
const FROM = `verification_channel_submissions s
  join exhibitions e on e.id = s.exhibition_id
  left join verification_channels c on c.id = s.channel_id`

export async function pendingCount(db: Queryable, companyId: number): Promise<number> {
  const result = await db.query<{ count: number }>(
    `select count(*)::int as count from verification_channel_submissions where company_id = $1 and state = 'pending'`,
    [companyId],
  )
  return result.rows[0]?.count ?? 0
}

export interface NewSubmission {
  companyId: number
  exhibitionId: number
  kind: ChannelKind
  key: string
  display: string
  note: string
  submittedBy: string
  at: Date
}

/** Null when the company already has this value waiting (the partial unique key decides a race). */
export async function insertSubmission(db: Queryable, input: NewSubmission): Promise<number | null> {
  const result = await db.query<{ id: number }>(
    `insert into verification_channel_submissions (company_id, exhibition_id, kind, lookup_key, display, note, submitted_by, submitted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (company_id, kind, lookup_key) where state = 'pending' do nothing returning id::int as id`,
    [input.companyId, input.exhibitionId, input.kind, input.key, input.display, input.note, input.submittedBy, input.at],
  )
  return result.rows[0]?.id ?? null
}

export async function submissionById(db: Queryable, id: number, lock = false): Promise<SubmissionRow | null> {
  const result = await db.query<SubmissionRow>(`select ${COLUMNS} from ${FROM} where s.id = $1${lock ? ' for update of s' : ''}`, [id])
  return result.rows[0] ?? null
}

/** A company's submissions, the newest first (withdrawn ones are the member's own business and no longer listed). */
export async function submissionsOf(db: Queryable, companyId: number): Promise<SubmissionRow[]> {
  const result = await db.query<SubmissionRow>(
    `select ${COLUMNS} from ${FROM} where s.company_id = $1 and s.state <> 'withdrawn' order by s.submitted_at desc, s.id desc`,
    [companyId],
  )
  return result.rows
}

/** The verifier's queue: pending submissions, the oldest first, each with its exhibition's title along the fallback chain. */
export async function queuePage(
  db: Queryable,
  chain: readonly string[],
  page: number,
  pageSize: number,
): Promise<{ rows: Array<SubmissionRow & { exhibition_title: string }>; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<SubmissionRow & { exhibition_title: string }>(
      `select ${COLUMNS}, coalesce((select t.title from exhibition_texts t where t.exhibition_id = e.id and t.locale = any($1::text[])
         order by array_position($1::text[], t.locale) limit 1), e.slug) as exhibition_title
         from ${FROM} where s.state = 'pending' order by s.submitted_at, s.id limit $2 offset $3`,
      [chain, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from verification_channel_submissions where state = 'pending'`),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}

export async function setDecision(
  db: Queryable,
  id: number,
  decision: { state: 'approved' | 'rejected' | 'withdrawn'; by: string | null; at: Date; reason: string | null; channelId: number | null },
): Promise<void> {
  await db.query(`update verification_channel_submissions set state = $2, decided_by = $3, decided_at = $4, reason = $5, channel_id = $6 where id = $1`, [
    id,
    decision.state,
    decision.by,
    decision.at,
    decision.reason,
    decision.channelId,
  ])
}

/** The register's entry for a value, whoever holds it (the queue shows it beside a submission). */
export async function registeredAs(
  db: Queryable,
  pairs: Array<{ kind: string; key: string }>,
): Promise<Array<{ kind: string; lookup_key: string; company_id: number | null; retired_on: string | null; valid_until: string | null; demo: boolean }>> {
  if (!pairs.length) return []
  const result = await db.query<{
    kind: string
    lookup_key: string
    company_id: number | null
    retired_on: string | null
    valid_until: string | null
    demo: boolean
  }>(
    `select kind, lookup_key, exhibitor_company_id::int as company_id, to_char(retired_on, 'YYYY-MM-DD') as retired_on,
            to_char(valid_until, 'YYYY-MM-DD') as valid_until, demo
       from verification_channels where (kind, lookup_key) in (select * from unnest($1::text[], $2::text[]))`,
    [pairs.map((pair) => pair.kind), pairs.map((pair) => pair.key)],
  )
  return result.rows
}

/** A forgotten member's notes go; the submissions stay the company's (their account id is set to null by the cascade). */
export async function eraseSubmitterNotes(tx: Queryable, accountId: string): Promise<number> {
  const result = await tx.query(`update verification_channel_submissions set note = '' where submitted_by = $1 and note <> ''`, [accountId])
  return result.rowCount
}

/**
 * Which of the (company, exhibition) pairs have at least one approved channel whose register entry is
 * valid on `today` (YYYY-MM-DD) and not retired, as the team's own list calls verified.
 */
export async function verifiedPairs(db: Queryable, pairs: ReadonlyArray<{ companyId: number; exhibitionId: number }>, today: string): Promise<Set<string>> {
  if (!pairs.length) return new Set()
  const result = await db.query<{ company_id: number; exhibition_id: number }>(
    `select distinct s.company_id::int as company_id, s.exhibition_id::int as exhibition_id
     from verification_channel_submissions s join verification_channels c on c.id = s.channel_id
     where s.state = 'approved' and s.company_id = any($1::bigint[]) and s.exhibition_id = any($2::bigint[])
       and c.valid_until >= $3::date and (c.retired_on is null or c.retired_on > c.valid_until)`,
    [pairs.map((pair) => pair.companyId), pairs.map((pair) => pair.exhibitionId), today],
  )
  return new Set(result.rows.map((row) => `${row.company_id}:${row.exhibition_id}`))
}
