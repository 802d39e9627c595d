import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/console-leads.ts'
import { contentFallbackChain } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import * as repo from './leads.repo.ts'

type CaptureView = z.output<typeof contracts.leadCapture.result>

const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** An exhibition outside the member's limits, or none at all, does not exist for them. */
async function inScope(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<void> {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw exhibitionNotFound()
  const found = await db.query('select 1 from exhibitions where id = $1', [exhibitionId])
  if (!found.rows.length) throw exhibitionNotFound()
}

async function viewOf(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<CaptureView> {
  const [enabled, counts] = await Promise.all([repo.captureOn(db, exhibitionId), repo.countsOf(db, exhibitionId, contentFallbackChain(actor.locale))])
  return {
    exhibitionId,
    enabled,
    exhibitors: counts.map((row) => ({ exhibitorId: row.exhibitor_id, name: row.name, leads: row.leads, scans: row.scans })),
  }
}

/** Whether exhibitors may capture leads at the exhibition, and how many each has: counts, never who (docs/product.md#leads). */
export async function leadCapture(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<CaptureView> {
  await inScope(db, actor, exhibitionId)
  return viewOf(db, actor, exhibitionId)
}

/** A manager switches lead capture on or off for an exhibition, audited with before and after. */
export async function setLeadCapture(platform: Platform, actor: StaffActor, input: { exhibitionId: number; enabled: boolean }): Promise<CaptureView> {
  const { db } = platform
  await db.transaction(async (tx) => {
    await inScope(tx, actor, input.exhibitionId)
    const before = await repo.setCapture(tx, input.exhibitionId, input.enabled, new Date(Date.now()))
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$setLeadCapture', target: `exhibition:${input.exhibitionId}`, before: { enabled: before }, after: { enabled: input.enabled } },
    )
  })
  return viewOf(db, actor, input.exhibitionId)
}
