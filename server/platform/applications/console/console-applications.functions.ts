import * as contracts from '../../../../shared/contracts/console-applications.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { applicationDetail, applicationList, decideApplication } from './review.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** Registrations of the console's application functions on POST /gateway/console (docs/product.md#console-applications). */
export function registerConsoleApplicationFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(contracts.applicationList, (payload, call) => applicationList(db, actor(call), payload))
  registry.implement(contracts.applicationDetail, async (payload, call) => ({ application: await applicationDetail(db, actor(call), payload.reference) }))
  registry.implement(contracts.decideApplication, async (payload, call) => ({ application: await decideApplication(platform, actor(call), payload) }))
}
