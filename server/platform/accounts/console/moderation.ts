import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-comments.ts'
import { dayStart } from '../../../../shared/rules/console-comments.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import { activeCommentBlock, type CommentBlockRow } from '../community.repo.ts'
import type { StaffActor } from '../../staff-actor.ts'
import * as repo from './moderation.repo.ts'

type ListInput = z.output<typeof contracts.commentList.payload>
type HideInput = z.output<typeof contracts.hideComment.payload>
type RestoreInput = z.output<typeof contracts.restoreComment.payload>
type BlockInput = z.output<typeof contracts.blockCommenter.payload>
type UnblockInput = z.output<typeof contracts.unblockCommenter.payload>
type Row = z.output<typeof contracts.moderationRow>

const iso = (value: Date | string) => new Date(value).toISOString()
const inScope = (actor: StaffActor, exhibitionId: number) => actor.scope === null || actor.scope.includes(exhibitionId)
/** A comment of an exhibition outside the member's limits does not exist for them. */
const commentNotFound = () => notFound('console:errors.commentNotFound')
const commenterNotFound = () => notFound('console:errors.commenterNotFound')

function rowOf(row: repo.ModerationRow): Row {
  return {
    id: Number(row.id),
    exhibitionId: row.exhibition_id,
    exhibitionTitle: row.exhibition_title,
    body: row.body,
    createdAt: iso(row.created_at),
    hidden: row.hidden_at ? { reason: row.hidden_reason ?? '', at: iso(row.hidden_at), by: row.hidden_by_name } : null,
    author: {
      accountId: row.account_id,
      nick: row.nick,
      email: row.email,
      block:
        row.block_reason && row.blocked_at
          ? { reason: row.block_reason, at: iso(row.blocked_at), endsAt: row.block_ends_at ? iso(row.block_ends_at) : null }
          : null,
    },
  }
}

/** One page of the moderation queue, newest first, within the member's exhibitions. */
export async function commentList(db: Queryable, actor: StaffActor, input: ListInput): Promise<z.output<typeof contracts.commentList.result>> {
  const filter: repo.ModerationFilter = {
    scope: actor.scope,
    locale: actor.locale,
    exhibitionId: input.exhibitionId ?? null,
    state: input.state,
    search: input.search,
    now: new Date(),
  }
  const [{ rows, total }, exhibitions] = await Promise.all([
    repo.moderationPage(db, filter, input.page, input.pageSize),
    repo.exhibitionsForModeration(db, actor.scope, actor.locale),
  ])
  return { rows: rows.map(rowOf), total, exhibitions }
}

const audited = (row: repo.ModerationRow) => ({ state: row.hidden_at ? 'hidden' : 'visible', reason: row.hidden_reason })

/**
 * Hides or restores one comment. The row lock makes a second member's change wait and then find the
 * state this one left, so of two concurrent changes one wins and the other is told (409).
 */
async function moderate(platform: Platform, actor: StaffActor, id: number, change: { hide: string } | { restore: string }): Promise<Row> {
  const now = new Date()
  await platform.db.transaction(async (tx) => {
    const locked = await repo.lockComment(tx, id)
    if (!locked || !inScope(actor, locked.exhibition_id)) throw commentNotFound()
    const before = await repo.moderationRow(tx, id, actor.locale, now)
    if (!before) throw commentNotFound()
    const hiding = 'hide' in change
    if (hiding && before.hidden_at) throw conflict('console:errors.commentAlreadyHidden')
    if (!hiding && !before.hidden_at) throw conflict('console:errors.commentNotHidden')
    await repo.setHidden(tx, id, hiding ? { reason: change.hide, staffId: actor.staffId, at: now } : null)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: hiding ? 'console$hideComment' : 'console$restoreComment',
        target: `comment:${id}`,
        before: audited(before),
        after: hiding ? { state: 'hidden', reason: change.hide } : { state: 'visible', reason: null, note: change.restore || null },
      },
    )
  })
  const after = await repo.moderationRow(platform.db, id, actor.locale, now)
  if (!after) throw commentNotFound()
  return rowOf(after)
}

// Comments are not part of any cached page: the exhibition page reads them in the browser through
// expo$listComments, which no cache keeps (src/components/comments/comments.tsx). A change here is
// therefore public at once, without dropping every cached page through contentChanged.

export const hideComment = (platform: Platform, actor: StaffActor, input: HideInput) => moderate(platform, actor, input.id, { hide: input.reason })

export const restoreComment = (platform: Platform, actor: StaffActor, input: RestoreInput) => moderate(platform, actor, input.id, { restore: input.note })

/** The commenter, locked; one with no comment in the member's exhibitions does not exist for them. */
async function commenterInScope(tx: Queryable, actor: StaffActor, accountId: string): Promise<repo.CommenterRow> {
  const commenter = await repo.commenterForUpdate(tx, accountId, actor.scope)
  if (!commenter || (actor.scope !== null && commenter.comments_in_scope === 0)) throw commenterNotFound()
  return commenter
}

const blockView = (block: CommentBlockRow) => ({ reason: block.reason, endsAt: block.ends_at ? iso(block.ends_at) : null })

/**
 * Bars a visitor from commenting (not from the rest of the site), with a reason they read, until a
 * day or until lifted; optionally hides their visible comments in the member's exhibitions too.
 */
export async function blockCommenter(platform: Platform, actor: StaffActor, input: BlockInput) {
  const now = new Date()
  const endsAt = input.until === null ? null : dayStart(input.until)
  if (endsAt !== null && endsAt <= now) throw invalid({ until: 'console:errors.blockUntilPast' }, 'console:errors.blockUntilPast')
  return platform.db.transaction(async (tx) => {
    await commenterInScope(tx, actor, input.accountId)
    if (await activeCommentBlock(tx, input.accountId, now)) throw conflict('console:errors.commenterAlreadyBlocked')
    await repo.putBlock(tx, { accountId: input.accountId, reason: input.reason, endsAt, staffId: actor.staffId, at: now })
    const hidden = input.hideComments ? await repo.hideAllOf(tx, input.accountId, actor.scope, { reason: input.reason, staffId: actor.staffId, at: now }) : []
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$blockCommenter',
        target: `account:${input.accountId}`,
        before: null,
        after: { reason: input.reason, endsAt: endsAt?.toISOString() ?? null, hiddenComments: hidden },
      },
    )
    return { accountId: input.accountId, hidden: hidden.length }
  })
}

/** Lets a barred visitor comment again; comments hidden meanwhile stay hidden until restored one by one. */
export async function unblockCommenter(platform: Platform, actor: StaffActor, input: UnblockInput) {
  const now = new Date()
  return platform.db.transaction(async (tx) => {
    await commenterInScope(tx, actor, input.accountId)
    const block = await activeCommentBlock(tx, input.accountId, now)
    if (!block) throw conflict('console:errors.commenterNotBlocked')
    await repo.deleteBlock(tx, input.accountId)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$unblockCommenter', target: `account:${input.accountId}`, before: blockView(block), after: { note: input.note || null } },
    )
    return { accountId: input.accountId }
  })
}
