import {
  deleteComment,
  followStatus,
  getUserFromCookie,
  getUserFromCookieForServer,
  listComments,
  myProfile,
  postComment,
  setFollow,
  updateNick,
} from '../../../shared/contracts/accounts.ts'
import { notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { AccountService } from './accounts.service.ts'
import type { CommentService } from './comments.service.ts'
import type { FollowService } from './follows.service.ts'
import { isLoginTicket, type Sessions } from './sessions.ts'

/** No user behind this value (docs/product.md#login: callers ignore the error and stay logged out). */
const noUser = () => notFound('account:errors.noUser')

/** Registrations of the accounts functions (thin: parse, authorise, one verb, map). */
export function registerAccountFunctions(
  platform: Platform,
  services: { accounts: AccountService; sessions: Sessions; comments: CommentService; follows: FollowService },
): void {
  const { registry } = platform
  const { accounts, sessions, comments, follows } = services

  registry.implement(getUserFromCookie, async ({ contentcookie }) => {
    const resolved = await sessions.resolve(contentcookie)
    if (resolved.kind !== 'valid') throw noUser()
    return resolved.session.user
  })

  registry.implement(getUserFromCookieForServer, async ({ contentcookie }) => {
    if (isLoginTicket(contentcookie)) {
      const exchanged = await sessions.exchange(contentcookie)
      if (!exchanged) throw noUser()
      return { ...exchanged.session.user, cookie: exchanged.cookie, expiresAt: exchanged.expiresAt.toISOString() }
    }
    const resolved = await sessions.resolve(contentcookie)
    if (resolved.kind !== 'valid') throw noUser()
    return { ...resolved.session.user, cookie: contentcookie, expiresAt: new Date(resolved.session.expiresAt).toISOString() }
  })

  registry.implement(myProfile, async (_payload, context) => accounts.profile(context.userId as string))
  registry.implement(updateNick, async ({ nick }, context) => accounts.updateNick(context.userId as string, nick))

  registry.implement(listComments, async (payload, context) => comments.list(payload, context.userId))
  registry.implement(postComment, async (payload, context) =>
    comments.post(payload, { accountId: context.userId as string, ip: context.ip, locale: context.locale }),
  )
  registry.implement(deleteComment, async ({ id }, context) => {
    await comments.remove(id, context.userId as string)
    return { deleted: true as const }
  })

  registry.implement(setFollow, async (payload, context) => follows.set(payload, context.userId as string))
  registry.implement(followStatus, async (payload, context) => ({ items: await follows.status(payload, context.userId) }))
}
