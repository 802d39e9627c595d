/**
 * Accounts (docs/product.md#account-input): the limits and the comment cleaning both sides apply. Zod-free, so pages stay
 * light; the contracts (shared/contracts/accounts.ts) are the authority.
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

/** The site's own session endpoint (not a platform function): the login cookie is set and removed here. */
export const SESSION_PATH = '/api/session'

export const FOLLOW_KINDS = ['exhibition', 'broker'] as const
export type FollowKind = (typeof FOLLOW_KINDS)[number]

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
