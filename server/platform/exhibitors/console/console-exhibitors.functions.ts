import * as contracts from '../../../../shared/contracts/console-exhibitors.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { exhibitorDetail, exhibitorList, resendExhibitorInvitation, setExhibitorPassGrant } from './console-exhibitors.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** Registrations of the console's exhibitor functions on POST /gateway/console (docs/product.md#console-exhibitors). */
export function registerConsoleExhibitorFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(contracts.exhibitorList, (payload, call) => exhibitorList(db, platform.services.tickets.passes.namedOf, actor(call), payload))
  registry.implement(contracts.exhibitorDetail, async (payload, call) => ({
    exhibitor: await exhibitorDetail(db, actor(call), payload.exhibitorId, platform.services),
  }))
  registry.implement(contracts.resendExhibitorInvitation, async (payload, call) => ({
    exhibitor: await resendExhibitorInvitation(platform, actor(call), payload),
  }))
  registry.implement(contracts.setExhibitorPassGrant, async (payload, call) => ({
    exhibitor: await setExhibitorPassGrant(platform, actor(call), payload),
  }))
}
