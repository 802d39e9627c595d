import type { UserInfo } from '../app-state.ts'
import type * as contracts from './contracts/accounts.ts'
import { fn } from './contracts/define.ts'

/**
 * Accounts (issue 8): browser references to the platform functions, the limits both sides apply,
 * and the site's own session endpoint. Nothing here imports zod, so pages stay light; the contracts
 * (src/api/contracts/accounts.ts) are the authority.
 */

export const ACCOUNT_LIMITS = {
  nickMin: 2,
  nickMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  /** A comment after cleaning (characters as JavaScript counts them). */
  commentMax: 1000,
  /** What is read at all before cleaning: a little room for spaces and line breaks that go away. */
  commentRaw: 4000,
  commentsPage: 20,
  cookieValue: 300,
  followStatusIds: 50,
} as const

export const FOLLOW_KINDS = ['exhibition', 'broker'] as const
export type FollowKind = (typeof FOLLOW_KINDS)[number]

export const getUserFromCookie = fn<typeof contracts.getUserFromCookie>('cv3', 'usercenter$getuserfromcookie', 'visitor')
export const myProfile = fn<typeof contracts.myProfile>('cv3', 'usercenter$profile', 'user')
export const updateNick = fn<typeof contracts.updateNick>('cv3', 'usercenter$updateNick', 'user')
export const listComments = fn<typeof contracts.listComments>('expo', 'expo$listComments', 'visitor')
export const postComment = fn<typeof contracts.postComment>('expo', 'expo$postComment', 'user')
export const deleteComment = fn<typeof contracts.deleteComment>('expo', 'expo$deleteComment', 'user')
export const setFollow = fn<typeof contracts.setFollow>('attention', 'attention$follow', 'user')
export const followStatus = fn<typeof contracts.followStatus>('attention', 'attention$status', 'visitor')

export type Profile = NonNullable<(typeof myProfile)['types']>['result']
export type Comment = NonNullable<(typeof postComment)['types']>['result']
export type CommentPage = NonNullable<(typeof listComments)['types']>['result']
export type FollowState = NonNullable<(typeof setFollow)['types']>['result']

/**
 * Comment text as stored: NFC; line breaks as \n; no control characters, no bidirectional
 * overrides or isolates (they make a text read differently from what it is), no zero-width
 * characters at the ends; at most one blank line in a row; trimmed. The page counts characters with
 * it, the platform stores its result.
 */
export function cleanCommentText(value: string): string {
  return (
    value
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      // C0/C1 controls but the newline; bidi embeddings, overrides and isolates; BOM.
      .replace(/(?!\n)\p{Cc}|[\u202A-\u202E\u2066-\u2069\uFEFF]/gu, '')
      .replace(/[ \u00A0]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/^[\s\u200B-\u200D]+|[\s\u200B-\u200D]+$/g, '')
  )
}

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
