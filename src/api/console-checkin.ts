import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as checkin from '../../shared/contracts/console-checkin.ts'

/** Check-in at the door (docs/product.md#checkin): browser references, beside src/api/console.ts, loaded with their screens only. */
export const checkinExhibitions = fn<typeof checkin.checkinExhibitions>(CONSOLE.checkinExhibitions)
export const checkinList = fn<typeof checkin.checkinList>(CONSOLE.checkinList)
export const checkinSync = fn<typeof checkin.checkinSync>(CONSOLE.checkinSync)
export type { CheckinList, CheckinSyncResult } from '../../shared/contracts/console-checkin.ts'
