import * as consoleContracts from '../../../shared/contracts/console-floor-plans.ts'
import * as contracts from '../../../shared/contracts/floor-plans.ts'
import type { CallContext, StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import { boothChoice, chooseBooth } from './choose-booth.ts'
import { assignBooth, deleteBooth, deleteHall, floorPlanEditor, saveBooth, saveHall, setBoothSelection } from './floor-plans-console.ts'
import { publicFloorPlan } from './floor-plans-public.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** The plan visitors read, and the console's functions on POST /gateway/console (docs/product.md#console-floor-plans). */
export function registerFloorPlanFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(contracts.exhibitionFloorPlan, (payload, call) => publicFloorPlan(db, payload.exhibitionId, call.locale))
  registry.implement(consoleContracts.floorPlanEditor, (payload, call) => floorPlanEditor(db, actor(call), payload.exhibitionId))
  registry.implement(consoleContracts.saveHall, (payload, call) => saveHall(platform, actor(call), payload))
  registry.implement(consoleContracts.deleteHall, (payload, call) => deleteHall(platform, actor(call), payload.exhibitionId, payload.id, payload.version))
  registry.implement(consoleContracts.saveBooth, (payload, call) => saveBooth(platform, actor(call), payload))
  registry.implement(consoleContracts.deleteBooth, (payload, call) => deleteBooth(platform, actor(call), payload.exhibitionId, payload.id, payload.version))
  registry.implement(consoleContracts.setBoothSelection, (payload, call) => setBoothSelection(platform, actor(call), payload.exhibitionId, payload.open))
  // `user` functions: the gateway has checked the session, so userId is set.
  registry.implement(contracts.chooseBooth, (payload, call) => chooseBooth(platform, call.userId as string, call.locale, payload))
  registry.implement(contracts.boothChoice, (payload, call) => boothChoice(platform, call.userId as string, call.locale, payload.exhibitorId))
  registry.implement(consoleContracts.assignBooth, (payload, call) => assignBooth(platform, actor(call), payload))
}
