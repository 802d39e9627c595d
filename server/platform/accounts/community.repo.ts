import type { Queryable } from '../../db/client.ts'

export interface CommentRow {
  id: number
  exhibition_id: number
  account_id: string
  body: string
  created_at: Date
  nick: string
  avatar_url: string | null
  /** Set while the organiser keeps it hidden (0150_comment_moderation.sql). */
  hidden_reason: string | null
}

const COMMENT_COLUMNS = 'c.id, c.exhibition_id, c.account_id, c.body, c.created_at, a.nick, a.avatar_url, c.hidden_reason'

/** Newest first; a hidden comment only for its author (`viewerId`), who reads why it was hidden. */
export async function listCommentRows(
  db: Queryable,
  exhibitionId: number,
  before: number | undefined,
  limit: number,
  viewerId: string | null,
): Promise<CommentRow[]> {
  const result = await db.query<CommentRow>(
    `select ${COMMENT_COLUMNS} from exhibition_comments c join accounts a on a.id = c.account_id
     where c.exhibition_id = $1 and ($2::bigint is null or c.id < $2::bigint) and (c.hidden_at is null or c.account_id = $4::uuid)
     order by c.id desc limit $3`,
    [exhibitionId, before ?? null, limit, viewerId],
  )
  return result.rows
}

/** The count everyone reads: visible comments only. */
export async function countComments(db: Queryable, exhibitionId: number): Promise<number> {
  const result = await db.query<{ total: number }>('select count(*)::int as total from exhibition_comments where exhibition_id = $1 and hidden_at is null', [
    exhibitionId,
  ])
  return result.rows[0]?.total ?? 0
}

export interface CommentBlockRow {
  reason: string
  ends_at: Date | null
  blocked_at: Date
}

/** The account's bar from commenting that still counts at `now` (0150_comment_moderation.sql), if any. */
export async function activeCommentBlock(db: Queryable, accountId: string, now: Date): Promise<CommentBlockRow | null> {
  const result = await db.query<CommentBlockRow>(
    'select reason, ends_at, blocked_at from comment_blocks where account_id = $1 and (ends_at is null or ends_at > $2)',
    [accountId, now],
  )
  return result.rows[0] ?? null
}

export async function insertComment(db: Queryable, input: { exhibitionId: number; accountId: string; body: string }): Promise<CommentRow> {
  const result = await db.query<CommentRow>(
    `with inserted as (
       insert into exhibition_comments (exhibition_id, account_id, body) values ($1, $2, $3) returning *
     )
     select ${COMMENT_COLUMNS} from inserted c join accounts a on a.id = c.account_id`,
    [input.exhibitionId, input.accountId, input.body],
  )
  const row = result.rows[0]
  if (!row) throw new Error('comment not stored')
  return row
}

/** Deletes a comment of its author: 'deleted', or why not. */
export async function deleteOwnComment(tx: Queryable, id: number, accountId: string): Promise<'deleted' | 'missing' | 'notMine'> {
  const row = (await tx.query<{ account_id: string }>('select account_id from exhibition_comments where id = $1 for update', [id])).rows[0]
  if (!row) return 'missing'
  if (row.account_id !== accountId) return 'notMine'
  await tx.query('delete from exhibition_comments where id = $1', [id])
  return 'deleted'
}

export async function setFollowRow(db: Queryable, input: { accountId: string; kind: string; id: string; follow: boolean }): Promise<void> {
  if (input.follow) {
    await db.query('insert into account_follows (account_id, target_kind, target_id) values ($1, $2, $3) on conflict do nothing', [
      input.accountId,
      input.kind,
      input.id,
    ])
  } else {
    await db.query('delete from account_follows where account_id = $1 and target_kind = $2 and target_id = $3', [input.accountId, input.kind, input.id])
  }
}

export async function followRows(
  db: Queryable,
  input: { accountId: string | null; kind: string; ids: string[] },
): Promise<Array<{ id: string; following: boolean; followers: number }>> {
  const result = await db.query<{ id: string; following: boolean; followers: number }>(
    `select t.id,
            exists (select 1 from account_follows f where f.target_kind = $2 and f.target_id = t.id and f.account_id = $3::uuid) as following,
            (select count(*)::int from account_follows f where f.target_kind = $2 and f.target_id = t.id) as followers
     from unnest($1::text[]) as t(id)`,
    [input.ids, input.kind, input.accountId],
  )
  return result.rows
}
