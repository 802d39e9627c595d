import type { Queryable } from '../../db/client.ts'
import type { ReportChannelKind, ScamGroupStatus } from '../../../shared/rules/scam-reports.ts'
import type { ChannelKind } from '../../../shared/rules/verification.ts'
import { deleteEvidenceOfReports } from './evidence.ts'

export interface GroupRow {
  id: string
  kind: ReportChannelKind
  channel_key: string
  display: string
  status: ScamGroupStatus
  merged_into: string | null
}

export interface GroupSummaryRow extends GroupRow {
  reports: number
  first_at: Date
  last_at: Date
  lost: Array<{ currency: string; minor: string }> | null
}

export interface ReportRow {
  id: string
  reference: string
  account_id: string | null
  description: string
  happened_on: string
  amount_minor: string | null
  currency: string | null
  contact_email: string | null
  consent: boolean
  locale: string
  created_at: Date
}

/**
 * The group of a channel: made by the first report of it, found by the next. One statement, so two
 * reports of one new channel at once make one group (the unique key decides; the loser's insert turns
 * into an update of the winner's row and returns it).
 */
export async function upsertGroup(tx: Queryable, channel: { kind: string; key: string; display: string }, at: Date): Promise<GroupRow> {
  const { rows } = await tx.query<GroupRow>(
    `insert into scam_report_groups (kind, channel_key, display, created_at, updated_at) values ($1, $2, $3, $4, $4)
     on conflict (kind, channel_key) do update set updated_at = greatest(scam_report_groups.updated_at, excluded.updated_at)
     returning id::text, kind, channel_key, display, status, merged_into::text`,
    [channel.kind, channel.key, channel.display, at],
  )
  return rows[0] as GroupRow
}

/** Each kind of public alert the group's reports name, with the value as one report showed it. */
export async function alertChannelsOf(db: Queryable, groupId: string | number): Promise<Array<{ alert_kind: ChannelKind; display: string }>> {
  const { rows } = await db.query<{ alert_kind: ChannelKind; display: string }>(
    `select distinct on (alert_kind) alert_kind, display from scam_report_channels
      where group_id = $1 and alert_kind is not null order by alert_kind, report_id`,
    [groupId],
  )
  return rows
}

/** The earliest day a report of the group says it happened (YYYY-MM-DD), null without reports. */
export async function firstSeenOf(db: Queryable, groupId: string | number): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    `select to_char(min(r.happened_on), 'YYYY-MM-DD') as day
       from scam_reports r join scam_report_channels c on c.report_id = r.id where c.group_id = $1`,
    [groupId],
  )
  return rows[0]?.day ?? null
}

export async function groupById(db: Queryable, id: string | number, lock = false): Promise<GroupRow | null> {
  const { rows } = await db.query<GroupRow>(
    `select id::text, kind, channel_key, display, status, merged_into::text from scam_report_groups where id = $1${lock ? ' for update' : ''}`,
    [id],
  )
  return rows[0] ?? null
}

export async function insertReport(
  tx: Queryable,
  report: {
    reference: string
    accountId: string | null
    description: string
    happenedOn: string
    amountMinor: number | null
    currency: string | null
    email: string | null
    consent: boolean
    locale: string
    at: Date
  },
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into scam_reports (reference, account_id, description, happened_on, amount_minor, currency, contact_email, consent, locale, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (reference) do nothing returning id::text`,
    [
      report.reference,
      report.accountId,
      report.description,
      report.happenedOn,
      report.amountMinor,
      report.currency,
      report.email,
      report.consent,
      report.locale,
      report.at,
    ],
  )
  return rows[0]?.id ?? null
}

export async function linkChannel(
  tx: Queryable,
  link: { reportId: string; groupId: string; kind: string; key: string; display: string; alertKind: string | null },
): Promise<void> {
  await tx.query(
    `insert into scam_report_channels (report_id, group_id, kind, channel_key, display, alert_kind) values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [link.reportId, link.groupId, link.kind, link.key, link.display, link.alertKind],
  )
}

const SUMMARY = `
  select g.id::text, g.kind, g.channel_key, g.display, g.status, g.merged_into::text,
         count(distinct r.id)::int as reports, min(r.created_at) as first_at, max(r.created_at) as last_at,
         (select json_agg(json_build_object('currency', l.currency, 'minor', l.minor::text) order by l.currency)
            from (select r2.currency, sum(r2.amount_minor) as minor
                    from scam_report_channels c2 join scam_reports r2 on r2.id = c2.report_id
                   where c2.group_id = g.id and r2.currency is not null group by r2.currency) l) as lost
    from scam_report_groups g
    join scam_report_channels c on c.group_id = g.id
    join scam_reports r on r.id = c.report_id`

/**
 * One page of live groups (not merged away, with reports), newest report first; the keyset is the
 * last report's time and the group's id.
 */
export async function groupPage(
  db: Queryable,
  filter: { search: string; status?: ScamGroupStatus; kind?: ReportChannelKind; after?: { at: Date; id: string }; limit: number },
): Promise<GroupSummaryRow[]> {
  const params: unknown[] = []
  const where = ['g.merged_into is null']
  if (filter.status) where.push(`g.status = $${params.push(filter.status)}`)
  if (filter.kind) where.push(`g.kind = $${params.push(filter.kind)}`)
  if (filter.search) {
    const term = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(
      `(lower(g.display) like $${params.push(term)} or g.channel_key like $${params.length} or exists (select 1 from scam_report_channels s where s.group_id = g.id and lower(s.display) like $${params.length}))`,
    )
  }
  let having = ''
  if (filter.after) {
    const at = params.push(filter.after.at)
    const id = params.push(filter.after.id)
    having = `having (max(r.created_at), g.id) < ($${at}::timestamptz, $${id}::bigint)`
  }
  const { rows } = await db.query<GroupSummaryRow>(
    `${SUMMARY} where ${where.join(' and ')} group by g.id ${having} order by max(r.created_at) desc, g.id desc limit $${params.push(filter.limit)}`,
    params,
  )
  return rows
}

export async function groupSummary(db: Queryable, id: string | number): Promise<GroupSummaryRow | null> {
  const { rows } = await db.query<GroupSummaryRow>(`${SUMMARY} where g.id = $1 group by g.id`, [id])
  return rows[0] ?? null
}

export async function reportsOfGroup(
  db: Queryable,
  groupId: string | number,
): Promise<Array<ReportRow & { channels: Array<{ kind: ReportChannelKind; display: string; group_id: string }> }>> {
  const { rows } = await db.query<ReportRow & { channels: Array<{ kind: ReportChannelKind; display: string; group_id: string }> }>(
    `select r.id::text, r.reference, r.account_id, r.description, to_char(r.happened_on, 'YYYY-MM-DD') as happened_on, r.amount_minor::text, r.currency,
            r.contact_email, r.consent, r.locale, r.created_at,
            (select json_agg(json_build_object('kind', a.kind, 'display', a.display, 'group_id', a.group_id::text) order by a.display)
               from scam_report_channels a where a.report_id = r.id) as channels
       from scam_report_channels c join scam_reports r on r.id = c.report_id
      where c.group_id = $1 order by r.created_at desc, r.id desc`,
    [groupId],
  )
  return rows
}

export async function reportById(db: Queryable, id: string | number): Promise<(ReportRow & { group_id: string }) | null> {
  const { rows } = await db.query<ReportRow & { group_id: string }>(
    `select r.id::text, r.reference, r.account_id, r.description, to_char(r.happened_on, 'YYYY-MM-DD') as happened_on, r.amount_minor::text, r.currency,
            r.contact_email, r.consent, r.locale, r.created_at,
            (select min(c.group_id)::text from scam_report_channels c where c.report_id = r.id) as group_id
       from scam_reports r where r.id = $1`,
    [id],
  )
  return rows[0] ?? null
}

export async function notesOf(db: Queryable, groupId: string | number) {
  const { rows } = await db.query<{ id: string; kind: 'note' | 'reply'; body: string; reference: string | null; author: string | null; created_at: Date }>(
    `select n.id::text, n.kind, n.body, r.reference, s.name as author, n.created_at
       from scam_report_notes n
       left join scam_reports r on r.id = n.report_id
       left join staff_members s on s.id = n.staff_id
      where n.group_id = $1 order by n.created_at, n.id`,
    [groupId],
  )
  return rows
}

export async function mergedInto(db: Queryable, groupId: string | number): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(
    `select id::text, kind, channel_key, display, status, merged_into::text from scam_report_groups where merged_into = $1 order by id`,
    [groupId],
  )
  return rows
}

export async function setStatus(tx: Queryable, id: string, status: ScamGroupStatus, at: Date): Promise<void> {
  await tx.query('update scam_report_groups set status = $2, updated_at = $3 where id = $1', [id, status, at])
}

export async function insertNote(
  tx: Queryable,
  note: { groupId: string; reportId: string | null; kind: 'note' | 'reply'; body: string; staffId: string; at: Date },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into scam_report_notes (group_id, report_id, kind, body, staff_id, created_at) values ($1, $2, $3, $4, $5, $6) returning id::text`,
    [note.groupId, note.reportId, note.kind, note.body, note.staffId, note.at],
  )
  return (rows[0] as { id: string }).id
}

/**
 * `from` joins `into`: its reports (a report naming both stays once), its notes and the groups merged
 * into it before; it keeps its key, pointing at `into`, so later reports of its channel land there.
 */
export async function mergeGroups(tx: Queryable, from: string, into: string, at: Date): Promise<void> {
  await tx.query(
    'delete from scam_report_channels c where c.group_id = $1 and exists (select 1 from scam_report_channels o where o.group_id = $2 and o.report_id = c.report_id)',
    [from, into],
  )
  await tx.query('update scam_report_channels set group_id = $2 where group_id = $1', [from, into])
  await tx.query('update scam_report_notes set group_id = $2 where group_id = $1', [from, into])
  await tx.query('update scam_report_groups set merged_into = $2, updated_at = $3 where merged_into = $1', [from, into, at])
  await tx.query('update scam_report_groups set merged_into = $2, updated_at = $3 where id = $1', [from, into, at])
  await tx.query('update scam_report_groups set updated_at = $2 where id = $1', [into, at])
}

/** A person's reports: sent while signed in as them, or with one of their addresses to reply to. */
/** Deletes the reports and their evidence rows; answers the evidence files' storage keys, for the caller to remove. */
export async function deleteReportsOf(tx: Queryable, accountId: string, emails: readonly string[]): Promise<{ reports: number; files: string[] }> {
  const where = 'r.account_id = $1 or lower(r.contact_email) = any($2::text[])'
  const files = await deleteEvidenceOfReports(tx, where, [accountId, emails])
  const { rowCount } = await tx.query(`delete from scam_reports r where ${where}`, [accountId, emails])
  return { reports: rowCount, files }
}

export async function deleteReportsBefore(tx: Queryable, before: Date): Promise<{ reports: number; files: string[] }> {
  const files = await deleteEvidenceOfReports(tx, 'r.created_at < $1', [before])
  const { rowCount } = await tx.query('delete from scam_reports r where r.created_at < $1', [before])
  return { reports: rowCount, files }
}

/** The evidence of reports (for the verifier's group view): id, report, kind, name, size. */
export async function evidenceOfReports(db: Queryable, reportIds: readonly string[]) {
  if (!reportIds.length) return []
  const { rows } = await db.query<{ id: string; report_id: string; kind: 'image' | 'pdf'; name: string; bytes: number }>(
    'select id::text, report_id::text, kind, name, bytes from scam_report_evidence where report_id = any($1::bigint[]) order by id',
    [reportIds],
  )
  return rows
}

/** One attached evidence file with its report's reference and group, for the download. */
export async function evidenceById(db: Queryable, id: string | number) {
  const { rows } = await db.query<{ id: string; storage_key: string; kind: 'image' | 'pdf'; name: string; reference: string; group_id: string | null }>(
    `select e.id::text, e.storage_key, e.kind, e.name, r.reference,
            (select min(c.group_id)::text from scam_report_channels c where c.report_id = r.id) as group_id
       from scam_report_evidence e join scam_reports r on r.id = e.report_id where e.id = $1`,
    [id],
  )
  return rows[0] ?? null
}
