import * as contracts from '../../../../../shared/contracts/console-dashboard.ts'
import type { StaffCaller } from '../../../gateway.ts'
import type { Platform } from '../../../platform.ts'
import { actorOf } from '../../../staff-actor.ts'
import { dashboard } from './dashboard.ts'

/** Registration of the exhibition dashboard on POST /gateway/console (roles in console-access.ts). */
export function registerConsoleDashboardFunctions(platform: Platform): void {
  platform.registry.implement(contracts.dashboard, (payload, call) => dashboard(platform.db, actorOf(call.staff as StaffCaller, call.ip), payload.exhibitionId))
}
