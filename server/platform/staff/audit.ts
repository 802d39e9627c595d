import type { Queryable } from '../../db/client.ts'
import { mentionedIn, type PersonErasure } from '../erasure.ts'
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

/**
 * The audit rows that name a person who asked to be forgotten: their address, name and phone become
 * markers, what was done and by whom stays. The log refuses every other change; this one is said for
 * the erasure's transaction only (migration 0200).
 */
export async function redactAudit(tx: Queryable, person: PersonErasure): Promise<void> {
  const audits = await tx.query<{ id: string; before: unknown; after: unknown }>(
    `select id::text as id, before, after from staff_audit where ${mentionedIn("coalesce(before::text, '') || ' ' || coalesce(after::text, '')", '$1')}`,
    [person.terms],
  )
  if (!audits.rows.length) return
  await tx.query(`select set_config('expo.audit_erasure', 'on', true)`)
  for (const row of audits.rows) {
    await tx.query('update staff_audit set before = $2, after = $3 where id = $1', [
      row.id,
      row.before === null ? null : JSON.stringify(person.redactJson(row.before)),
      row.after === null ? null : JSON.stringify(person.redactJson(row.after)),
    ])
  }
  await tx.query(`select set_config('expo.audit_erasure', 'off', true)`)
}
