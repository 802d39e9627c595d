import type { FollowKind } from '../../../shared/rules/accounts.ts'
import { notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { followRows, setFollowRow } from './community.repo.ts'
import { RULES } from './limits.ts'

export interface FollowView {
  kind: FollowKind
  id: string
  following: boolean
  followers: number
}

export interface FollowService {
  set(input: { kind: FollowKind; id: string; follow: boolean }, accountId: string): Promise<FollowView>
  status(input: { kind: FollowKind; ids: string[] }, viewerId: string | null): Promise<FollowView[]>
}

/**
 * Follows (docs/product.md#endpoints attentionevaluation, docs/product.md#endpoints): a logged-in user follows or unfollows an
 * exhibition (by id) or a broker (by trader code). Only things that exist can be followed.
 */
export function createFollowService(platform: Platform): FollowService {
  const { db, rateLimits } = platform

  const requireTarget = async (kind: FollowKind, id: string) => {
    if (kind === 'exhibition') {
      if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647 || !platform.services.exhibitions) throw notFound()
      await platform.services.exhibitions.isOver(Number(id))
      return
    }
    const search = platform.services.search
    if (!search) throw notFound()
    await search.profile({ traderCode: id, locale: 'en' })
  }

  return {
    async set(input, accountId) {
      await rateLimits.consume(RULES.followUser, accountId)
      if (input.follow) await requireTarget(input.kind, input.id)
      await setFollowRow(db, { accountId, kind: input.kind, id: input.id, follow: input.follow })
      const [state] = await followRows(db, { accountId, kind: input.kind, ids: [input.id] })
      return { kind: input.kind, id: input.id, following: state?.following ?? input.follow, followers: state?.followers ?? 0 }
    },
    async status(input, viewerId) {
      const ids = [...new Set(input.ids)]
      const rows = await followRows(db, { accountId: viewerId, kind: input.kind, ids })
      return rows.map((row) => ({ kind: input.kind, id: row.id, following: row.following, followers: row.followers }))
    },
  }
}
