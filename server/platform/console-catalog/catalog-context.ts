import type { Queryable } from '../../db/client.ts'
import type { StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import type { AuditEntry } from '../staff/index.ts'
import type { Scope } from './catalog.repo.ts'

/** Who makes a console call: the member, the exhibitions they may work on, and their address (for the audit log). */
export interface StaffActor {
  staffId: string
  scope: Scope
  address: string
}

export const actorOf = (caller: StaffCaller, address: string): StaffActor => ({ staffId: caller.staffId, scope: caller.exhibitionIds, address })

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
