import * as contracts from '../../../../../shared/contracts/console-exports.ts'
import type { StaffCaller } from '../../../gateway.ts'
import type { Platform } from '../../../platform.ts'
import { actorOf } from '../../../staff-actor.ts'
import { exportFile } from './export-file.ts'

/** Registration of the console's exports on POST /gateway/console (roles in console-access.ts). */
export function registerConsoleExportFunctions(platform: Platform): void {
  platform.registry.implement(contracts.exportFile, (payload, call) => exportFile(platform.db, platform, actorOf(call.staff as StaffCaller, call.ip), payload))
}
