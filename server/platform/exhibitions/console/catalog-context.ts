import type { Queryable } from '../../../db/client.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'

/** What the staff domain's audit writer takes (through the platform's services: no import of staff). */
type AuditEntry = Parameters<Platform['services']['staff']['audit']>[2]

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
