import type { Queryable } from '../../../db/client.ts'
import type { Locale } from '../../../../shared/languages.ts'
import type { ExhibitorKind } from '../../../../shared/rules/exhibitors.ts'
import type { ReminderKind, TaskKind } from '../../../../shared/rules/exhibitor-tasks.ts'
import { namedPassesOf } from '../../tickets/index.ts'
import { passAllowancesOf } from '../exhibitors.repo.ts'

/** SQL of the exhibitors' tasks (0290_exhibitor_tasks.sql), the exhibitors domain's own tables. */

export interface TaskRow {
  id: number
  exhibition_id: number
  kind: TaskKind
  due_on: string
  version: number
}

export interface TaskTextRow {
  task_id: number
  locale: Locale
  title: string
  instructions: string
}

const TASK_COLUMNS = `t.id::int as id, t.exhibition_id, t.kind, to_char(t.due_on, 'YYYY-MM-DD') as due_on, t.version`

export interface TaskExhibitionRow {
  id: number
  title: string
  starts_at: Date
  time_zone: string
}

/** The exhibition with its title along the fallback chain; `lock` makes saves of its tasks take turns (the count limit). */
export async function exhibition(db: Queryable, exhibitionId: number, chain: Locale[], lock = false): Promise<TaskExhibitionRow | null> {
  const result = await db.query<TaskExhibitionRow>(
    `select e.id, coalesce((select t.title from exhibition_texts t where t.exhibition_id = e.id and t.locale = any($1::text[])
       order by array_position($1::text[], t.locale) limit 1), e.slug) as title, e.starts_at, e.time_zone
     from exhibitions e where e.id = $2 ${lock ? 'for update of e' : ''}`,
    [chain, exhibitionId],
  )
  return result.rows[0] ?? null
}

export async function tasksOf(db: Queryable, exhibitionId: number): Promise<TaskRow[]> {
  const result = await db.query<TaskRow>(`select ${TASK_COLUMNS} from exhibitor_tasks t where t.exhibition_id = $1 order by t.sort, t.due_on, t.id`, [
    exhibitionId,
  ])
  return result.rows
}

export async function task(db: Queryable, exhibitionId: number, taskId: number, lock = false): Promise<TaskRow | null> {
  const result = await db.query<TaskRow>(
    `select ${TASK_COLUMNS} from exhibitor_tasks t where t.exhibition_id = $1 and t.id = $2 ${lock ? 'for update of t' : ''}`,
    [exhibitionId, taskId],
  )
  return result.rows[0] ?? null
}

export async function textsOf(db: Queryable, taskIds: readonly number[]): Promise<TaskTextRow[]> {
  if (!taskIds.length) return []
  const result = await db.query<TaskTextRow>(
    'select task_id::int as task_id, locale, title, instructions from exhibitor_task_texts where task_id = any($1::bigint[]) order by task_id, locale',
    [taskIds],
  )
  return result.rows
}

export interface TaskFields {
  kind: TaskKind
  dueOn: string
}

/** A new task comes last on the checklist. */
export async function insertTask(tx: Queryable, exhibitionId: number, fields: TaskFields, at: Date): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `insert into exhibitor_tasks (exhibition_id, kind, due_on, sort, created_at, updated_at)
     values ($1, $2, $3::date, (select coalesce(max(sort) + 1, 0) from exhibitor_tasks where exhibition_id = $1), $4, $4) returning id::int as id`,
    [exhibitionId, fields.kind, fields.dueOn, at],
  )
  return (result.rows[0] as { id: number }).id
}

/** False when the task is not at that version any more (another save came first). */
export async function updateTask(tx: Queryable, taskId: number, version: number, fields: TaskFields, at: Date): Promise<boolean> {
  const result = await tx.query(
    `update exhibitor_tasks set kind = $3, due_on = $4::date, version = version + 1, updated_at = $5 where id = $1 and version = $2`,
    [taskId, version, fields.kind, fields.dueOn, at],
  )
  return result.rowCount > 0
}

/** Each task's place, from its position in `ids`; an open editor of a moved task is not out of date (the version stays). */
export async function setOrder(tx: Queryable, exhibitionId: number, ids: readonly number[]): Promise<void> {
  await tx.query(
    `update exhibitor_tasks t set sort = o.position - 1 from unnest($2::bigint[]) with ordinality as o(id, position)
     where t.exhibition_id = $1 and t.id = o.id`,
    [exhibitionId, ids],
  )
}

export async function deleteTask(tx: Queryable, taskId: number, version: number): Promise<boolean> {
  const result = await tx.query('delete from exhibitor_tasks where id = $1 and version = $2', [taskId, version])
  return result.rowCount > 0
}

export async function replaceTexts(
  tx: Queryable,
  taskId: number,
  texts: ReadonlyArray<{ locale: Locale; title: string; instructions: string }>,
): Promise<void> {
  await tx.query('delete from exhibitor_task_texts where task_id = $1', [taskId])
  for (const text of texts) {
    await tx.query('insert into exhibitor_task_texts (task_id, locale, title, instructions) values ($1, $2, $3, $4)', [
      taskId,
      text.locale,
      text.title,
      text.instructions,
    ])
  }
}

export async function countOf(tx: Queryable, exhibitionId: number): Promise<number> {
  const result = await tx.query<{ count: number }>('select count(*)::int as count from exhibitor_tasks where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.count ?? 0
}

/** What decides the automatic tasks of an exhibitor: its profile's facts (the gaps' rule), its logo and its passes. */
export interface FactsRow {
  exhibitor_id: number
  exhibition_id: number
  status: 'active' | 'withdrawn'
  kind: ExhibitorKind
  website: string | null
  country: string | null
  licences: number
  en_summary: string | null
  en_description: string | null
  has_logo: boolean
  /** Passes it may name (grant and booths) and passes named (docs/product.md#team-passes). */
  pass_allowance: number
  passes_named: number
}

const FACTS = `select x.id::int as exhibitor_id, x.exhibition_id, x.status, c.kind, c.website, c.country,
    (select count(*) from exhibitor_licences l where l.company_id = c.id)::int as licences,
    en.summary as en_summary, en.description as en_description, c.logo_media_id is not null as has_logo
  from exhibitors x join exhibitor_companies c on c.id = x.company_id
  left join exhibitor_company_texts en on en.company_id = c.id and en.locale = 'en'`

type ProfileFacts = Omit<FactsRow, 'pass_allowance' | 'passes_named'>

/** The passes' facts joined to the profile's: the allowance from this domain, the names from the tickets domain. */
async function withPasses(db: Queryable, rows: ProfileFacts[]): Promise<FactsRow[]> {
  const ids = rows.map((row) => row.exhibitor_id)
  const [allowances, named] = await Promise.all([passAllowancesOf(db, ids), namedPassesOf(db, ids)])
  return rows.map((row) => ({ ...row, pass_allowance: allowances.get(row.exhibitor_id) ?? 0, passes_named: named.get(row.exhibitor_id) ?? 0 }))
}

export async function factsOfExhibitor(db: Queryable, exhibitorId: number): Promise<FactsRow | null> {
  const result = await db.query<ProfileFacts>(`${FACTS} where x.id = $1`, [exhibitorId])
  return (await withPasses(db, result.rows))[0] ?? null
}

/** The exhibitors of exhibitions (ids), the active ones unless `withdrawn` too, what their tasks' states are read from. */
export async function factsOfExhibitions(db: Queryable, exhibitionIds: readonly number[], withdrawn = false): Promise<FactsRow[]> {
  if (!exhibitionIds.length) return []
  const result = await db.query<ProfileFacts>(`${FACTS} where x.exhibition_id = any($1::int[]) and ($2 or x.status = 'active') order by x.id`, [
    exhibitionIds,
    withdrawn,
  ])
  return withPasses(db, result.rows)
}

export interface ConfirmationRow {
  task_id: number
  exhibitor_id: number
  confirmed_at: Date
  confirmed_by: string | null
}

export async function confirmationsOf(db: Queryable, filter: { exhibitionId: number } | { exhibitorId: number }): Promise<ConfirmationRow[]> {
  const byExhibition = 'exhibitionId' in filter
  const result = await db.query<ConfirmationRow>(
    `select k.task_id::int as task_id, k.exhibitor_id::int as exhibitor_id, k.confirmed_at, a.nick as confirmed_by
     from exhibitor_task_confirmations k join exhibitor_tasks t on t.id = k.task_id left join accounts a on a.id = k.confirmed_by
     where ${byExhibition ? 't.exhibition_id = $1' : 'k.exhibitor_id = $1'}`,
    [byExhibition ? filter.exhibitionId : filter.exhibitorId],
  )
  return result.rows
}

/** Once: a second confirmation keeps the first one's who and when. */
export async function confirm(tx: Queryable, taskId: number, exhibitorId: number, accountId: string, at: Date): Promise<void> {
  await tx.query(
    `insert into exhibitor_task_confirmations (task_id, exhibitor_id, confirmed_by, confirmed_at) values ($1, $2, $3, $4)
     on conflict (task_id, exhibitor_id) do nothing`,
    [taskId, exhibitorId, accountId, at],
  )
}

/** Tasks whose day is near (`from`..`to`, UTC days around every zone's today) with their exhibition's zone. */
export async function tasksDueBetween(db: Queryable, from: string, to: string): Promise<Array<TaskRow & { time_zone: string }>> {
  const result = await db.query<TaskRow & { time_zone: string }>(
    `select ${TASK_COLUMNS}, e.time_zone from exhibitor_tasks t join exhibitions e on e.id = t.exhibition_id
     where t.due_on between $1::date and $2::date order by t.id`,
    [from, to],
  )
  return result.rows
}

/**
 * The reminder's row, if this caller is the first: the unique key decides which of two instances
 * sends it (the other waits for the first's transaction, then finds the row and sends nothing).
 */
export async function claimReminder(tx: Queryable, taskId: number, exhibitorId: number, kind: ReminderKind, at: Date): Promise<boolean> {
  const result = await tx.query(
    `insert into exhibitor_task_reminders (task_id, exhibitor_id, kind, sent_at) values ($1, $2, $3, $4)
     on conflict (task_id, exhibitor_id, kind) do nothing`,
    [taskId, exhibitorId, kind, at],
  )
  return result.rowCount > 0
}

export async function remindersOf(db: Queryable, taskIds: readonly number[]): Promise<Array<{ task_id: number; exhibitor_id: number; kind: ReminderKind }>> {
  if (!taskIds.length) return []
  const result = await db.query<{ task_id: number; exhibitor_id: number; kind: ReminderKind }>(
    'select task_id::int as task_id, exhibitor_id::int as exhibitor_id, kind from exhibitor_task_reminders where task_id = any($1::bigint[])',
    [taskIds],
  )
  return result.rows
}

export interface AdminRow {
  email: string
  nick: string
  locale: string
}

/** The admins of an exhibitor who can be mailed (a blocked account is not written to). */
export async function adminsOf(db: Queryable, exhibitorId: number): Promise<AdminRow[]> {
  const result = await db.query<AdminRow>(
    `select a.email, a.nick, a.locale from exhibitor_members mb join accounts a on a.id = mb.account_id
     where mb.exhibitor_id = $1 and mb.role = 'admin' and a.blocked_at is null order by a.email`,
    [exhibitorId],
  )
  return result.rows
}

/** A manual's PDF of one language (0320_exhibitor_manuals.sql). */
export interface ManualRow {
  task_id: number
  locale: Locale
  storage_key: string
  file_name: string
  bytes: number
  version: number
  uploaded_at: Date
}

export async function manualsOf(db: Queryable, taskIds: readonly number[], lock = false): Promise<ManualRow[]> {
  if (!taskIds.length) return []
  const result = await db.query<ManualRow>(
    `select task_id::int as task_id, locale, storage_key, file_name, bytes, version, uploaded_at from exhibitor_manuals
     where task_id = any($1::bigint[]) order by task_id, locale ${lock ? 'for update' : ''}`,
    [taskIds],
  )
  return result.rows
}

/** The language's PDF, new or replacing the one before (its version counts up). */
export async function putManual(
  tx: Queryable,
  manual: { taskId: number; locale: Locale; key: string; name: string; bytes: number; at: Date },
): Promise<number> {
  const result = await tx.query<{ version: number }>(
    `insert into exhibitor_manuals (task_id, locale, storage_key, file_name, bytes, version, uploaded_at) values ($1, $2, $3, $4, $5, 1, $6)
     on conflict (task_id, locale) do update set storage_key = excluded.storage_key, file_name = excluded.file_name, bytes = excluded.bytes,
       version = exhibitor_manuals.version + 1, uploaded_at = excluded.uploaded_at
     returning version`,
    [manual.taskId, manual.locale, manual.key, manual.name, manual.bytes, manual.at],
  )
  return (result.rows[0] as { version: number }).version
}
