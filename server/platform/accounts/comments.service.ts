import type { Locale } from '../../../src/i18n/languages.ts'
import { forbidden, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { type CommentRow, countComments, deleteOwnComment, insertComment, listCommentRows } from './community.repo.ts'
import { addressKey, RULES } from './limits.ts'

export interface CommentView {
  id: number
  exhibitionId: number
  body: string
  createdAt: string
  author: { userId: string; nick: string; avatar: string | null }
  mine: boolean
}

export interface CommentService {
  list(
    input: { exhibitionId: number; before?: number | undefined; limit: number },
    viewerId: string | null,
  ): Promise<{ items: CommentView[]; nextBefore: number | null; total: number }>
  post(input: { exhibitionId: number; body: string }, author: { accountId: string; ip: string; locale: Locale }): Promise<CommentView>
  remove(id: number, accountId: string): Promise<void>
}

/**
 * Community comments on an exhibition (issue 8): everyone reads, logged-in users post (plain text,
 * cleaned by the contract, limited in length and rate), authors delete their own.
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
  })

  return {
    async list(input, viewerId) {
      await requireExhibition(input.exhibitionId)
      const [rows, total] = await Promise.all([listCommentRows(db, input.exhibitionId, input.before, input.limit + 1), countComments(db, input.exhibitionId)])
      const page = rows.slice(0, input.limit)
      return { items: page.map((row) => view(row, viewerId)), nextBefore: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null, total }
    },
    async post(input, author) {
      await rateLimits.consume(RULES.commentAddress, addressKey(author.ip))
      await rateLimits.consume(RULES.commentUser, author.accountId)
      await rateLimits.consume(RULES.commentUserDay, author.accountId)
      await requireExhibition(input.exhibitionId)
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
