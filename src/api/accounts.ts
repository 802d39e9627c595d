import type { UserInfo } from '../app-state.ts'
import type * as contracts from './contracts/accounts.ts'
import { fn } from './functions/gateway.ts'
import { ACCOUNTS } from './functions/accounts.ts'

/**
 * Accounts (issue 8): browser references to the platform functions, the limits both sides apply,
 * and the site's own session endpoint. Nothing here imports zod, so pages stay light; the contracts
 * (src/api/contracts/accounts.ts) are the authority.
 */

export * from './rules/accounts.ts'

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

/** The site's own session endpoint (not a platform function): the login cookie is set and removed here. */
export const SESSION_PATH = '/api/session'

/**
 * SPEC §4 `reload`: hands the login frame's value to the site's server, which checks it with
 * `usercenter$getuserfromcookie` and sets the HttpOnly login cookie. Null when it was refused
 * (SPEC §8: failures of the cookie-user lookup are not errors for the page).
 */
export async function startSession(loginValue: string): Promise<UserInfo | null> {
  try {
    // axios is loaded on demand: the account menu is on every page, the HTTP library need not be.
    const { default: axios } = await import('axios')
    const response = await axios.post<{ user?: UserInfo | null }>(SESSION_PATH, { cookie: loginValue }, { timeout: 20_000, withCredentials: true })
    return response.data?.user ?? null
  } catch {
    return null
  }
}

/** SPEC §4 logout: the server revokes the session and removes the login cookie. */
export async function endSession(): Promise<boolean> {
  try {
    const { default: axios } = await import('axios')
    await axios.delete(SESSION_PATH, { timeout: 20_000, withCredentials: true })
    return true
  } catch {
    return false
  }
}
