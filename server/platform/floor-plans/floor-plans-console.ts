import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/console-floor-plans.ts'
import { contentFallbackChain } from '../../../shared/languages.ts'
import { FLOOR_PLAN_LIMITS, extentOf, placementProblem } from '../../../shared/rules/floor-plans.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import { exhibitionTitle, liveBoothOrders } from '../tickets/index.ts'
import * as repo from './floor-plans.repo.ts'

type Editor = z.output<typeof contracts.floorPlanEditorView>
type HallInput = z.output<typeof contracts.saveHall.payload>
type BoothInput = z.output<typeof contracts.saveBooth.payload>
type AssignInput = z.output<typeof contracts.assignBooth.payload>

const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')
const changed = () => conflict('console:errors.floorPlanChanged')
const now = () => new Date(Date.now())

/** An exhibition outside the member's limits does not exist for them. */
function inScope(actor: StaffActor, exhibitionId: number): void {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw exhibitionNotFound()
}

const orderOf = (order: { number: string; status: 'pending' | 'paid' } | undefined) => (order ? { number: order.number, status: order.status } : null)

/** The plan as the console edits it: halls by their order, each with its booths by number. */
export async function floorPlanEditor(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<Editor> {
  inScope(actor, exhibitionId)
  const chain = contentFallbackChain(actor.locale)
  const title = await exhibitionTitle(db, exhibitionId, actor.locale)
  if (title === null) throw exhibitionNotFound()
  const [currency, selfSelection, ticketCurrency, halls, names, booths, exhibitors, orders] = await Promise.all([
    repo.planCurrency(db, exhibitionId),
    repo.selfSelection(db, exhibitionId),
    repo.ticketCurrency(db, exhibitionId),
    repo.hallsOf(db, exhibitionId),
    repo.hallNamesOf(db, exhibitionId),
    repo.boothsOf(db, exhibitionId, chain),
    repo.exhibitorsAt(db, exhibitionId, chain),
    liveBoothOrders(db, exhibitionId),
  ])
  return {
    exhibition: { id: exhibitionId, title },
    currency,
    defaultCurrency: ticketCurrency ?? 'USD',
    selfSelection,
    halls: halls.map((hall) => ({
      id: hall.id,
      label: hall.label,
      names: names.get(hall.id) ?? {},
      width: hall.width_dm,
      depth: hall.depth_dm,
      background:
        hall.background_media_id && hall.background_src
          ? { mediaId: hall.background_media_id, src: hall.background_src, width: Number(hall.background_width), height: Number(hall.background_height) }
          : null,
      sort: hall.sort,
      version: hall.version,
      booths: booths
        .filter((booth) => booth.hall_id === hall.id)
        .map((booth) => ({
          ...repo.placeOf(booth),
          id: booth.id,
          hallId: booth.hall_id,
          priceMinor: booth.price_minor,
          currency: booth.currency,
          passesIncluded: booth.passes_included,
          leadCapture: booth.lead_capture,
          state: booth.state,
          exhibitor: booth.exhibitor_id !== null ? { id: booth.exhibitor_id, name: booth.exhibitor_name ?? '' } : null,
          order: orderOf(orders.get(booth.id)),
          version: booth.version,
        })),
    })),
    exhibitors,
  }
}

interface Done {
  fn: string
  target: string
  before: unknown
  after: unknown
}

/**
 * Each change of a plan: the exhibition's plan locked, the change, its audit row, in one
 * transaction; then the directory pages drawn from it are refreshed.
 */
async function change(platform: Platform, actor: StaffActor, exhibitionId: number, work: (tx: Queryable) => Promise<Done>): Promise<Editor> {
  inScope(actor, exhibitionId)
  await platform.db.transaction(async (tx) => {
    const done = await work(tx)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: done.fn, target: done.target, before: done.before, after: done.after },
    )
  })
  platform.contentChanged({ scope: 'exhibitors' })
  return floorPlanEditor(platform.db, actor, exhibitionId)
}

async function lockedPlan(tx: Queryable, exhibitionId: number, currency: string | null = null) {
  const plan = await repo.lockPlan(tx, exhibitionId, currency)
  if (!plan) throw exhibitionNotFound()
  return plan
}

async function hallOf(tx: Queryable, exhibitionId: number, id: number, version: number | undefined): Promise<repo.HallRow> {
  const hall = await repo.hallById(tx, id)
  if (hall?.exhibition_id !== exhibitionId) throw notFound('console:errors.hallNotFound')
  if (hall.version !== version) throw changed()
  return hall
}

async function boothOf(tx: Queryable, exhibitionId: number, id: number, version: number | undefined): Promise<repo.BoothRow> {
  const booth = await repo.boothById(tx, id)
  if (booth?.exhibition_id !== exhibitionId) throw notFound('console:errors.boothNotFound')
  if (booth.version !== version) throw changed()
  return booth
}

/** What the audit keeps of a hall, with its names in the other languages. */
const hallRecord = async (tx: Queryable, hall: repo.HallRow) => ({
  label: hall.label,
  names: (await repo.hallNamesOf(tx, hall.exhibition_id)).get(hall.id) ?? {},
  width: hall.width_dm,
  depth: hall.depth_dm,
  background: hall.background_media_id,
  sort: hall.sort,
  version: hall.version,
})

/** What the audit keeps of a booth. */
const boothRecord = (booth: repo.BoothRow) => ({
  hall: booth.hall_id,
  number: booth.number,
  x: booth.x_dm,
  y: booth.y_dm,
  w: booth.w_dm,
  h: booth.h_dm,
  type: booth.booth_type,
  priceMinor: booth.price_minor,
  currency: booth.currency,
  passesIncluded: booth.passes_included,
  leadCapture: booth.lead_capture,
  state: booth.state,
  exhibitor: booth.exhibitor_id,
  version: booth.version,
})

/**
 * Adds a hall or changes one at the version the manager read. The first hall makes the plan and fixes
 * its currency (the one given, else the ticket types'); the currency changes later only while no
 * booth is priced. A hall shrinks only as far as its booths allow.
 */
export function saveHall(platform: Platform, actor: StaffActor, input: HallInput): Promise<Editor> {
  return change(platform, actor, input.exhibitionId, async (tx) => {
    const fallback = input.currency ?? (await repo.ticketCurrency(tx, input.exhibitionId)) ?? 'USD'
    const plan = await lockedPlan(tx, input.exhibitionId, fallback)
    if (input.currency && plan.currency !== input.currency) {
      if ((await repo.pricedBoothCount(tx, input.exhibitionId)) > 0) throw invalid({ currency: 'console:errors.planCurrencyFixed' })
      await repo.setPlanCurrency(tx, input.exhibitionId, input.currency)
    }
    const fields: repo.HallFields = {
      label: input.label,
      width: input.width,
      depth: input.depth,
      backgroundMediaId: input.backgroundMediaId,
      sort: input.sort,
    }
    if (fields.backgroundMediaId && !(await repo.mediaExists(tx, fields.backgroundMediaId)))
      throw invalid({ backgroundMediaId: 'console:errors.mediaNotFound' })
    if (await repo.labelTaken(tx, input.exhibitionId, fields.label, input.id ?? null)) throw invalid({ label: 'console:errors.hallLabelTaken' })
    if (input.id === undefined) {
      const halls = await repo.hallsOf(tx, input.exhibitionId)
      if (halls.length >= FLOOR_PLAN_LIMITS.halls) throw conflict('console:errors.hallsTooMany', { max: FLOOR_PLAN_LIMITS.halls })
      const id = await repo.insertHall(tx, input.exhibitionId, fields)
      if (input.names) await repo.setHallNames(tx, id, input.names)
      const after = await repo.hallById(tx, id)
      return { fn: 'console$saveHall', target: `hall:${id}`, before: null, after: after && (await hallRecord(tx, after)) }
    }
    const before = await hallOf(tx, input.exhibitionId, input.id, input.version)
    const booths = await repo.boothsOf(tx, input.exhibitionId, [], input.id)
    const needed = extentOf(booths.map((booth) => ({ x: booth.x_dm, y: booth.y_dm, w: booth.w_dm, h: booth.h_dm })))
    if (fields.width < needed.width) throw invalid({ width: 'console:errors.hallTooSmall' })
    if (fields.depth < needed.depth) throw invalid({ depth: 'console:errors.hallTooSmall' })
    const recordBefore = await hallRecord(tx, before)
    await repo.updateHall(tx, input.id, fields, now())
    if (input.names) await repo.setHallNames(tx, input.id, input.names)
    const after = await repo.hallById(tx, input.id)
    return { fn: 'console$saveHall', target: `hall:${input.id}`, before: recordBefore, after: after && (await hallRecord(tx, after)) }
  })
}

/** Deletes an empty hall (its booths are deleted or moved first: a sold booth is never dropped with its hall). */
export function deleteHall(platform: Platform, actor: StaffActor, exhibitionId: number, id: number, version: number): Promise<Editor> {
  return change(platform, actor, exhibitionId, async (tx) => {
    await lockedPlan(tx, exhibitionId)
    const before = await hallOf(tx, exhibitionId, id, version)
    if ((await repo.hallBoothCount(tx, id)) > 0) throw conflict('console:errors.hallHasBooths')
    const record = await hallRecord(tx, before)
    await repo.deleteHall(tx, id)
    return { fn: 'console$deleteHall', target: `hall:${id}`, before: record, after: null }
  })
}

/**
 * Adds a booth or changes one at the version the manager read: its number unique in the exhibition,
 * inside its hall, on no other booth's floor, priced in the plan's currency. Blocking and freeing
 * apply to booths nobody holds or bought; a sold or held booth keeps its state and exhibitor.
 */
export function saveBooth(platform: Platform, actor: StaffActor, input: BoothInput): Promise<Editor> {
  return change(platform, actor, input.exhibitionId, async (tx) => {
    const plan = await lockedPlan(tx, input.exhibitionId)
    if (input.currency !== plan.currency) throw invalid({ currency: 'console:errors.boothCurrency' })
    const hall = await repo.hallById(tx, input.hallId)
    if (hall?.exhibition_id !== input.exhibitionId) throw invalid({ hallId: 'console:errors.hallNotFound' })
    const before = input.id === undefined ? null : await boothOf(tx, input.exhibitionId, input.id, input.version)
    const fields: repo.BoothFields = {
      hallId: input.hallId,
      number: input.number,
      x: input.x,
      y: input.y,
      w: input.w,
      h: input.h,
      type: input.type,
      priceMinor: input.priceMinor,
      currency: input.currency,
      passesIncluded: input.passesIncluded,
      leadCapture: input.leadCapture,
    }
    if (await repo.numberTaken(tx, input.exhibitionId, fields.number, before?.id ?? null)) throw invalid({ number: 'console:errors.boothNumberTaken' })
    const others = (await repo.boothsOf(tx, input.exhibitionId, [], input.hallId)).filter((booth) => booth.id !== before?.id)
    if (before === null && others.length >= FLOOR_PLAN_LIMITS.boothsPerHall)
      throw conflict('console:errors.boothsTooMany', { max: FLOOR_PLAN_LIMITS.boothsPerHall })
    const problem = placementProblem(
      fields,
      { width: hall.width_dm, depth: hall.depth_dm },
      others.map((booth) => ({ x: booth.x_dm, y: booth.y_dm, w: booth.w_dm, h: booth.h_dm })),
    )
    if (problem) throw invalid({ [problem.field]: problem.code })
    const taken = before !== null && (before.state === 'sold' || before.state === 'held')
    if (taken && input.blocked) throw invalid({ blocked: 'console:errors.boothTaken' })
    const state = taken ? before.state : input.blocked ? 'blocked' : 'available'
    if (before === null) {
      const id = await repo.insertBooth(tx, input.exhibitionId, fields, state)
      const after = await repo.boothById(tx, id)
      return { fn: 'console$saveBooth', target: `booth:${id}`, before: null, after: after && boothRecord(after) }
    }
    await repo.updateBooth(tx, before.id, fields, state, now())
    const after = await repo.boothById(tx, before.id)
    return { fn: 'console$saveBooth', target: `booth:${before.id}`, before: boothRecord(before), after: after && boothRecord(after) }
  })
}

/** Deletes a booth nobody holds or bought. */
export function deleteBooth(platform: Platform, actor: StaffActor, exhibitionId: number, id: number, version: number): Promise<Editor> {
  return change(platform, actor, exhibitionId, async (tx) => {
    await lockedPlan(tx, exhibitionId)
    const before = await boothOf(tx, exhibitionId, id, version)
    if (before.state === 'sold' || before.state === 'held') throw conflict('console:errors.boothTaken')
    await repo.deleteBooth(tx, id)
    return { fn: 'console$deleteBooth', target: `booth:${id}`, before: boothRecord(before), after: null }
  })
}

/**
 * The organiser sells a booth to one of the exhibition's exhibitors (a contract signed outside the
 * shop): it becomes `sold` with that exhibitor; null frees it. A booth held by a checkout is the
 * checkout's until it ends. `moveFrom` frees the exhibitor's other booth in the same step.
 */
export function assignBooth(platform: Platform, actor: StaffActor, input: AssignInput): Promise<Editor> {
  return change(platform, actor, input.exhibitionId, async (tx) => {
    await lockedPlan(tx, input.exhibitionId)
    const before = await boothOf(tx, input.exhibitionId, input.id, input.version)
    if (before.state === 'held') throw conflict('console:errors.boothHeld')
    if (input.exhibitorId !== null && !(await repo.activeExhibitorAt(tx, input.exhibitorId, input.exhibitionId))) {
      throw invalid({ exhibitorId: 'console:errors.exhibitorNotHere' })
    }
    const at = now()
    let left: repo.BoothRow | null = null
    if (input.moveFrom) {
      left = await boothOf(tx, input.exhibitionId, input.moveFrom.id, input.moveFrom.version)
      if (left.id === before.id || left.state !== 'sold' || left.exhibitor_id !== input.exhibitorId) throw invalid({ moveFrom: 'console:errors.moveFrom' })
      await repo.setBoothExhibitor(tx, left.id, null, at)
    }
    await repo.setBoothExhibitor(tx, before.id, input.exhibitorId, at)
    const after = await repo.boothById(tx, before.id)
    return {
      fn: 'console$assignBooth',
      target: `booth:${before.id}`,
      before: { ...boothRecord(before), ...(left ? { movedFrom: left.number } : {}) },
      after: after && boothRecord(after),
    }
  })
}

/**
 * Opens or closes the exhibitors' own choice of booths (docs/product.md#booth-checkout). Closing
 * leaves booths already held to their orders' end. The plan must exist (a hall first).
 */
export function setBoothSelection(platform: Platform, actor: StaffActor, exhibitionId: number, open: boolean): Promise<Editor> {
  return change(platform, actor, exhibitionId, async (tx) => {
    const plan = await lockedPlan(tx, exhibitionId)
    if (plan.currency === null) throw conflict('console:errors.noFloorPlan')
    const before = await repo.selfSelection(tx, exhibitionId)
    await repo.setSelfSelection(tx, exhibitionId, open)
    return { fn: 'console$setBoothSelection', target: `exhibition:${exhibitionId}`, before: { selfSelection: before }, after: { selfSelection: open } }
  })
}
