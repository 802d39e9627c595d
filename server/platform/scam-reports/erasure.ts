import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'
import type { MediaStorage } from '../media/index.ts'
import { deleteReportsOf } from './scam-reports.repo.ts'

/**
 * Their scam reports go whole (what happened, the amount, the address, the replies sent to them, the
 * evidence and its files): those sent while signed in as them and those that gave one of their
 * addresses. The groups of the channels they named stay, with the other reporters' reports and the
 * staff's notes. The files go inside the erasure's transaction: storage that cannot delete them
 * leaves the whole erasure undone, to be tried again.
 */
export async function eraseScamReports(tx: Queryable, person: PersonErasure, storage: MediaStorage): Promise<number> {
  const { reports, files } = await deleteReportsOf(tx, person.accountId, person.emails)
  for (const key of files) await storage.delete(key)
  return reports
}
