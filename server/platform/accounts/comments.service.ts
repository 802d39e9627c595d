import type { Locale } from '../../../shared/languages.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { DomainError, forbidden, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { activeCommentBlock, type CommentRow, countComments, deleteOwnComment, insertComment, listCommentRows } from './community.repo.ts'
import { addressKey } from '../rate-limits.ts'
import { RULES } from './limits.ts'

export interface CommentView {
  id: number
  exhibitionId: number
  body: string
  createdAt: string
  author: { userId: string; nick: string; avatar: string | null }
  mine: boolean
  hiddenReason: string | null
}

/** A bar from commenting as its visitor reads it. */
export interface CommentBlockView {
  reason: string
  until: string | null
}

export interface CommentService {
  list(
    input: { exhibitionId: number; before?: number | undefined; limit: number },
    viewerId: string | null,
  ): Promise<{ items: CommentView[]; nextBefore: number | null; total: number; blocked: CommentBlockView | null }>
  post(input: { exhibitionId: number; body: string }, author: { accountId: string; ip: string; locale: Locale }): Promise<CommentView>
  remove(id: number, accountId: string): Promise<void>
}

/**
 * Community comments on an exhibition (docs/product.md#account-input): everyone reads, logged-in users post (plain text,
 * cleaned by the contract, limited in length and rate), authors delete their own. A comment the
 * organiser hid (docs/product.md#console-comments) is left out for everyone but its author, who reads why; a visitor barred
 * from commenting is refused (403) and told so with the list.
 */
export function createCommentService(platform: Platform): CommentService {
  const { db, rateLimits } = platform

  /** 404 for an unknown or unpublished exhibition (the exhibitions service decides what exists). */
  const requireExhibition = async (id: number) => {
    const exhibitions = platform.services.exhibitions
    if (!exhibitions) throw notFound()
    await exhibitions.isOver(id)
  }

  const view = (row: CommentRow, viewerId: string | null): CommentView => ({
    id: row.id,
    exhibitionId: row.exhibition_id,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    author: { userId: row.account_id, nick: row.nick, avatar: row.avatar_url },
    mine: viewerId !== null && row.account_id === viewerId,
    hiddenReason: row.hidden_reason,
  })

  const blockOf = async (accountId: string | null): Promise<CommentBlockView | null> => {
    const block = accountId ? await activeCommentBlock(db, accountId, new Date()) : null
    return block ? { reason: block.reason, until: block.ends_at ? block.ends_at.toISOString() : null } : null
  }

  return {
    async list(input, viewerId) {
      await requireExhibition(input.exhibitionId)
      const [rows, total, blocked] = await Promise.all([
        listCommentRows(db, input.exhibitionId, input.before, input.limit + 1, viewerId),
        countComments(db, input.exhibitionId),
        blockOf(viewerId),
      ])
      const page = rows.slice(0, input.limit)
      return { items: page.map((row) => view(row, viewerId)), nextBefore: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null, total, blocked }
    },
    async post(input, author) {
      await rateLimits.consume(RULES.commentAddress, addressKey(author.ip))
      await rateLimits.consume(RULES.commentUser, author.accountId)
      await rateLimits.consume(RULES.commentUserDay, author.accountId)
      await requireExhibition(input.exhibitionId)
      if (await blockOf(author.accountId)) throw new DomainError('account:comments.errors.blocked', ERROR_CODES.forbidden)
      const row = await insertComment(db, { exhibitionId: input.exhibitionId, accountId: author.accountId, body: input.body })
      return view(row, author.accountId)
    },
    async remove(id, accountId) {
      const outcome = await db.transaction((tx) => deleteOwnComment(tx, id, accountId))
      if (outcome === 'missing') throw notFound('account:comments.errors.gone')
      if (outcome === 'notMine') throw forbidden('account:comments.errors.notYours')
    },
  }
}
