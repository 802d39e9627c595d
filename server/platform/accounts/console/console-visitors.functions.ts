import * as contracts from '../../../../shared/contracts/console-visitors.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { blockVisitor, endVisitorSessions, unblockVisitor } from './visitor-access.ts'
import { deleteVisitor } from './visitor-erase.ts'
import { exportVisitorData } from './visitor-export.ts'
import { visitorDetail, visitorSearch } from './visitor-view.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** Registrations of the console's visitor-account functions on POST /gateway/console (docs/product.md#console-visitors). */
export function registerConsoleVisitorFunctions(platform: Platform): void {
  const { registry, db } = platform
  const detail = async (call: CallContext, id: string) => ({ visitor: await visitorDetail(db, actor(call), id) })
  registry.implement(contracts.visitorSearch, (payload) => visitorSearch(db, payload))
  registry.implement(contracts.visitorDetail, (payload, call) => detail(call, payload.id))
  registry.implement(contracts.endVisitorSessions, async (payload, call) => {
    const ended = await endVisitorSessions(platform, actor(call), payload.id, payload.sessionId ?? null)
    return { ended, ...(await detail(call, payload.id)) }
  })
  registry.implement(contracts.blockVisitor, async (payload, call) => {
    await blockVisitor(platform, actor(call), payload.id, payload.reason)
    return detail(call, payload.id)
  })
  registry.implement(contracts.unblockVisitor, async (payload, call) => {
    await unblockVisitor(platform, actor(call), payload.id)
    return detail(call, payload.id)
  })
  registry.implement(contracts.exportVisitorData, (payload, call) => exportVisitorData(platform, actor(call), payload.id))
  registry.implement(contracts.deleteVisitor, (payload, call) => deleteVisitor(platform, actor(call), payload.id, payload.confirmEmail))
}
