import type { Queryable } from '../../db/client.ts'
import { insertAudit } from './audit.repo.ts'
import { currentTime } from './staff-deps.ts'

/** Who made a change: a staff member from an address, or the command line (no member, no address). */
export interface AuditActor {
  staffId: string | null
  address: string | null
}

export interface AuditEntry {
  /** The console function (`console$updateMember`) or command (`cli:add`) that made the change. */
  function: string
  /** What it changed, e.g. `staff:<id>`, `order:<code>`. */
  target: string | null
  before: unknown
  after: unknown
}

/**
 * Records a staff change. Call it inside the change's own transaction, with its `tx`: the record
 * commits with the change or not at all (docs/product.md#audit-log), so the log never shows a
 * change that did not happen nor misses one that did.
 */
export async function audit(tx: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  // The clock of every staff rule (sessions, links), so the log and the sessions tell one time.
  await insertAudit(tx, { at: currentTime(), staffId: actor.staffId, address: actor.address, ...entry })
}
