import { type Locale, localeOf } from '../../shared/languages.ts'
import type { StaffCaller } from './gateway.ts'

/** The exhibitions a member may work on; null: all of them. */
export type Scope = readonly number[] | null

/**
 * Who makes a console call, as every domain's console functions take it: the member, the exhibitions
 * they may work on, and their address (for the audit log).
 */
export interface StaffActor {
  staffId: string
  scope: Scope
  address: string
  /** The locale of the member's console language: exhibitions are named in it. */
  locale: Locale
}

export const actorOf = (caller: StaffCaller, address: string): StaffActor => ({
  staffId: caller.staffId,
  scope: caller.exhibitionIds,
  address,
  locale: localeOf(caller.language),
})
