import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'
import { deleteReportsOf } from './scam-reports.repo.ts'

/**
 * Their scam reports go whole (what happened, the amount, the address, the replies sent to them):
 * those sent while signed in as them and those that gave one of their addresses. The groups of the
 * channels they named stay, with the other reporters' reports and the staff's notes.
 */
export async function eraseScamReports(tx: Queryable, person: PersonErasure): Promise<number> {
  return deleteReportsOf(tx, person.accountId, person.emails)
}
