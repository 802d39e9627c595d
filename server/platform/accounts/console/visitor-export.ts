import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { personTraces } from './person-traces.ts'
import { exportRows } from './visitor-export.repo.ts'
import { existingVisitor } from './visitor-view.ts'

/**
 * Everything held about a visitor as one JSON file (an access request, GDPR art. 15). The export is
 * audited (who took it, when, how many rows), never its content: the log must not become a second
 * copy of the person's data.
 */
export async function exportVisitorData(platform: Platform, actor: StaffActor, id: string) {
  return platform.db.transaction(async (tx) => {
    const visitor = await existingVisitor(tx, id)
    const rows = await exportRows(tx, id, visitor.email, await personTraces(tx, id, visitor.email, visitor.nick))
    const counts = Object.fromEntries(Object.entries(rows).map(([key, value]) => [key, Array.isArray(value) ? value.length : value ? 1 : 0]))
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$exportVisitorData', target: `visitor:${id}`, before: null, after: { counts } },
    )
    const file = { format: 'visitor-data/1', exportedAt: new Date().toISOString(), ...rows }
    return {
      fileName: `visitor-${id}.json`,
      mediaType: 'application/json',
      base64: Buffer.from(JSON.stringify(file, null, 2), 'utf8').toString('base64'),
    }
  })
}
