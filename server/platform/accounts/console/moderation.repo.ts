import type { CommentState } from '../../../../shared/rules/console-comments.ts'
import { contentFallbackChain, type Locale } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'

/** SQL of comment moderation in the console (0150_comment_moderation.sql). */

export interface ModerationRow {
  id: number
  exhibition_id: number
  exhibition_title: string
  body: string
  created_at: Date
  hidden_at: Date | null
  hidden_reason: string | null
  hidden_by_name: string | null
  account_id: string
  nick: string
  email: string
  block_reason: string | null
  blocked_at: Date | null
  block_ends_at: Date | null
}

export interface ModerationFilter {
  /** Exhibition ids the member may see; null: all. */
  scope: readonly number[] | null
  locale: Locale
  exhibitionId: number | null
  state: CommentState
  search: string
  now: Date
}

const TEXTS = `left join lateral (select t.title from exhibition_texts t where t.exhibition_id = e.id and t.locale = any($1::text[])
  order by array_position($1::text[], t.locale) limit 1) t on true`

/** A block counts while it has no end or its end is still ahead ($2: now). */
const BLOCKS = 'left join comment_blocks b on b.account_id = c.account_id and (b.ends_at is null or b.ends_at > $2)'

const COLUMNS = `c.id, c.exhibition_id, coalesce(t.title, e.slug) as exhibition_title, c.body, c.created_at, c.hidden_at, c.hidden_reason,
  s.name as hidden_by_name, c.account_id, a.nick, a.email, b.reason as block_reason, b.blocked_at, b.ends_at as block_ends_at`

const FROM = `exhibition_comments c join accounts a on a.id = c.account_id join exhibitions e on e.id = c.exhibition_id ${TEXTS}
  left join staff_members s on s.id = c.hidden_by ${BLOCKS}`

/** Escapes LIKE's wildcards so a search for `50%` finds that text, not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`

function where(filter: Omit<ModerationFilter, 'locale' | 'now'>, params: unknown[]): string {
  const conditions: string[] = []
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    conditions.push(condition(`$${params.length}`))
  }
  if (filter.scope !== null) add((p) => `c.exhibition_id = any(${p}::int[])`, filter.scope)
  if (filter.exhibitionId !== null) add((p) => `c.exhibition_id = ${p}`, filter.exhibitionId)
  if (filter.state === 'visible') conditions.push('c.hidden_at is null')
  if (filter.state === 'hidden') conditions.push('c.hidden_at is not null')
  if (filter.search) add((p) => `(c.body ilike ${p} or a.nick ilike ${p} or a.email ilike ${p})`, likePattern(filter.search))
  return conditions.length ? `where ${conditions.join(' and ')}` : ''
}

/** One page of the queue, newest first. */
export async function moderationPage(db: Queryable, filter: ModerationFilter, page: number, pageSize: number) {
  const countParams: unknown[] = []
  const countWhere = where(filter, countParams)
  const counted = await db.query<{ total: number }>(
    `select count(*)::int as total from exhibition_comments c join accounts a on a.id = c.account_id ${countWhere}`,
    countParams,
  )
  const params: unknown[] = [contentFallbackChain(filter.locale), filter.now]
  const pageWhere = where(filter, params)
  params.push(pageSize, (page - 1) * pageSize)
  const result = await db.query<ModerationRow>(
    `select ${COLUMNS} from ${FROM} ${pageWhere} order by c.id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  )
  return { rows: result.rows, total: counted.rows[0]?.total ?? 0 }
}

/** One comment as the queue shows it. */
export async function moderationRow(db: Queryable, id: number, locale: Locale, now: Date): Promise<ModerationRow | null> {
  const result = await db.query<ModerationRow>(`select ${COLUMNS} from ${FROM} where c.id = $3`, [contentFallbackChain(locale), now, id])
  return result.rows[0] ?? null
}

/** Holds a comment until the transaction ends (a concurrent hide or restore waits, then sees this one's outcome); its exhibition, or null. */
export async function lockComment(tx: Queryable, id: number): Promise<{ exhibition_id: number } | null> {
  const result = await tx.query<{ exhibition_id: number }>('select exhibition_id from exhibition_comments where id = $1 for update', [id])
  return result.rows[0] ?? null
}

export async function setHidden(tx: Queryable, id: number, hidden: { reason: string; staffId: string; at: Date } | null): Promise<void> {
  await tx.query('update exhibition_comments set hidden_at = $2, hidden_by = $3, hidden_reason = $4 where id = $1', [
    id,
    hidden?.at ?? null,
    hidden?.staffId ?? null,
    hidden?.reason ?? null,
  ])
}

/** Hides every visible comment of an account within the scope; the ids hidden. */
export async function hideAllOf(
  tx: Queryable,
  accountId: string,
  scope: readonly number[] | null,
  hidden: { reason: string; staffId: string; at: Date },
): Promise<number[]> {
  const result = await tx.query<{ id: number }>(
    `update exhibition_comments set hidden_at = $3, hidden_by = $4, hidden_reason = $5
     where account_id = $1 and hidden_at is null and ($2::int[] is null or exhibition_id = any($2::int[])) returning id`,
    [accountId, scope, hidden.at, hidden.staffId, hidden.reason],
  )
  return result.rows.map((row) => Number(row.id))
}

export interface CommenterRow {
  id: string
  nick: string
  email: string
  /** Comments of theirs within the member's exhibitions. */
  comments_in_scope: number
}

/** The account, locked against a concurrent block, with how many of their comments the member may see. */
export async function commenterForUpdate(tx: Queryable, accountId: string, scope: readonly number[] | null): Promise<CommenterRow | null> {
  const result = await tx.query<CommenterRow>(
    `select a.id, a.nick, a.email,
       (select count(*)::int from exhibition_comments c where c.account_id = a.id and ($2::int[] is null or c.exhibition_id = any($2::int[]))) as comments_in_scope
     from accounts a where a.id = $1 for update of a`,
    [accountId, scope],
  )
  return result.rows[0] ?? null
}

/** Blocks, replacing a block that has run out. */
export async function putBlock(tx: Queryable, block: { accountId: string; reason: string; endsAt: Date | null; staffId: string; at: Date }): Promise<void> {
  await tx.query(
    `insert into comment_blocks (account_id, reason, ends_at, blocked_by, blocked_at) values ($1, $2, $3, $4, $5)
     on conflict (account_id) do update set reason = excluded.reason, ends_at = excluded.ends_at, blocked_by = excluded.blocked_by, blocked_at = excluded.blocked_at`,
    [block.accountId, block.reason, block.endsAt, block.staffId, block.at],
  )
}

export async function deleteBlock(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('delete from comment_blocks where account_id = $1', [accountId])
}

/** The exhibitions the member may see, for the queue's filter. */
export async function exhibitionsForModeration(db: Queryable, scope: readonly number[] | null, locale: Locale): Promise<Array<{ id: number; title: string }>> {
  const result = await db.query<{ id: number; title: string }>(
    `select e.id, coalesce(t.title, e.slug) as title from exhibitions e ${TEXTS} where ($2::int[] is null or e.id = any($2::int[]))
     order by e.starts_at desc, e.id desc limit 200`,
    [contentFallbackChain(locale), scope],
  )
  return result.rows
}
