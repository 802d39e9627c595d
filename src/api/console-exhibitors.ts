import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as exhibitors from '../../shared/contracts/console-exhibitors.ts'

/** Exhibitors (docs/product.md#console-exhibitors): browser references, beside src/api/console.ts, loaded with their screens only. */
export const exhibitorList = fn<typeof exhibitors.exhibitorList>(CONSOLE.exhibitorList)
export const exhibitorDetail = fn<typeof exhibitors.exhibitorDetail>(CONSOLE.exhibitorDetail)
export const resendExhibitorInvitation = fn<typeof exhibitors.resendExhibitorInvitation>(CONSOLE.resendExhibitorInvitation)
export const setExhibitorPassGrant = fn<typeof exhibitors.setExhibitorPassGrant>(CONSOLE.setExhibitorPassGrant)
export type { ConsoleExhibitorDetail, ConsoleExhibitorRow } from '../../shared/contracts/console-exhibitors.ts'
