import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as alerts from '../../shared/contracts/console-alerts.ts'

/**
 * The console's scam alerts (docs/product.md#scam-alerts): browser references of their own, apart from
 * console.ts, so that only the alerts screen carries them (the console's first visit is at its budget).
 */
export const scamAlertList = fn<typeof alerts.scamAlertList>(CONSOLE.scamAlertList)
export const saveScamAlert = fn<typeof alerts.saveScamAlert>(CONSOLE.saveScamAlert)
export const withdrawScamAlert = fn<typeof alerts.withdrawScamAlert>(CONSOLE.withdrawScamAlert)
export type { ConsoleScamAlert } from '../../shared/contracts/console-alerts.ts'
