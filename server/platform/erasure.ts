import { ERASED } from '../../shared/rules/console-visitors.ts'

/**
 * A person who asked to be forgotten, as each domain is given them to erase its own rows
 * (docs/decisions/0014-erasure-map.md). The accounts domain finds them (accounts/console/person-traces.ts)
 * and asks each domain in turn inside one transaction; no domain writes another's tables.
 */
export interface PersonErasure {
  accountId: string
  /** The account's own address. */
  accountEmail: string
  /** Their addresses, lower case. */
  emails: string[]
  /** Their phones as digits only (how lookups are compared). */
  phoneDigits: string[]
  /** Ticket rows that are theirs, on their own orders and on anyone else's. */
  attendeeIds: string[]
  /** Lower-case texts that name them, for `mentionedIn`. */
  terms: string[]
  /** A text with their addresses, phones and names replaced by the erased markers. */
  redactText(text: string): string
  /** A JSON value with every string redacted as `redactText` does, and their bare given names and surnames masked. */
  redactJson(value: unknown): unknown
}

/** The address erased buyers, holders and invitations get. */
export const ERASED_ADDRESS = ERASED.email

/** SQL: whether `$n` (lower-case search terms) occurs in the text expression. */
export const mentionedIn = (expression: string, parameter: string) =>
  `exists (select 1 from unnest(${parameter}::text[]) n where strpos(lower(${expression}), n) > 0)`
