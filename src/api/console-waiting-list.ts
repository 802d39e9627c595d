import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as waiting from '../../shared/contracts/console-waiting-list.ts'
import type { z } from 'zod'

/** The waiting lists of ticket types in the console (docs/product.md#waiting-list): browser references, beside src/api/console.ts. */
export const waitingList = fn<typeof waiting.waitingList>(CONSOLE.waitingList)
export const offerWaitingEntry = fn<typeof waiting.offerWaitingEntry>(CONSOLE.offerWaitingEntry)
export const removeWaitingEntry = fn<typeof waiting.removeWaitingEntry>(CONSOLE.removeWaitingEntry)
export const saveWaitingHours = fn<typeof waiting.saveWaitingHours>(CONSOLE.saveWaitingHours)
export type WaitingListView = z.output<typeof waiting.waitingList.result>
export type StaffWaitingEntry = z.output<typeof waiting.staffWaitingEntry>
