import type * as contracts from '../../shared/contracts/accounts.ts'
import { fn } from '../../shared/functions/gateway.ts'
import { ACCOUNTS } from '../../shared/functions/accounts.ts'

/**
 * Accounts (docs/product.md#login): browser references to the platform functions. Nothing here imports zod, so
 * pages stay light; the limits both sides apply are in shared/rules/accounts.ts, the site's own
 * session endpoint in src/api/session.ts.
 */

export const getUserFromCookie = fn<typeof contracts.getUserFromCookie>(ACCOUNTS.getUserFromCookie)
export const myProfile = fn<typeof contracts.myProfile>(ACCOUNTS.myProfile)
export const updateNick = fn<typeof contracts.updateNick>(ACCOUNTS.updateNick)
export const listComments = fn<typeof contracts.listComments>(ACCOUNTS.listComments)
export const postComment = fn<typeof contracts.postComment>(ACCOUNTS.postComment)
export const deleteComment = fn<typeof contracts.deleteComment>(ACCOUNTS.deleteComment)
export const setFollow = fn<typeof contracts.setFollow>(ACCOUNTS.setFollow)
export const followStatus = fn<typeof contracts.followStatus>(ACCOUNTS.followStatus)

export type Profile = NonNullable<(typeof myProfile)['types']>['result']
export type Comment = NonNullable<(typeof postComment)['types']>['result']
export type CommentPage = NonNullable<(typeof listComments)['types']>['result']
export type FollowState = NonNullable<(typeof setFollow)['types']>['result']
