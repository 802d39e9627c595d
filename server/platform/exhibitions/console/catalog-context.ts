import type { Queryable } from '../../../db/client.ts'
import type { Platform } from '../../platform.ts'
import type { AuditEntry } from '../../staff/index.ts'
import type { StaffActor } from '../../staff-actor.ts'

export interface CatalogContext {
  platform: Platform
  /** Writes the audit row inside the change's own transaction (server/platform/staff/audit.ts). */
  audit(tx: Queryable, actor: StaffActor, entry: AuditEntry): Promise<void>
}

export function createCatalogContext(platform: Platform): CatalogContext {
  return {
    platform,
    audit: (tx, actor, entry) => platform.services.staff.audit(tx, { staffId: actor.staffId, address: actor.address }, entry),
  }
}
