import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as applications from '../../shared/contracts/console-applications.ts'

/** Applications (docs/product.md#console-applications): browser references, beside src/api/console.ts, loaded with their screens only. */
export const applicationList = fn<typeof applications.applicationList>(CONSOLE.applicationList)
export const applicationDetail = fn<typeof applications.applicationDetail>(CONSOLE.applicationDetail)
export const decideApplication = fn<typeof applications.decideApplication>(CONSOLE.decideApplication)
export type { ApplicationDetail, ApplicationRow } from '../../shared/contracts/console-applications.ts'
