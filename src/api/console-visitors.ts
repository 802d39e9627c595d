import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as visitors from '../../shared/contracts/console-visitors.ts'

/** Visitor accounts (docs/product.md#console-visitors): browser references, beside src/api/console.ts, loaded with their screens only. */
export const visitorSearch = fn<typeof visitors.visitorSearch>(CONSOLE.visitorSearch)
export const visitorDetail = fn<typeof visitors.visitorDetail>(CONSOLE.visitorDetail)
export const endVisitorSessions = fn<typeof visitors.endVisitorSessions>(CONSOLE.endVisitorSessions)
export const blockVisitor = fn<typeof visitors.blockVisitor>(CONSOLE.blockVisitor)
export const unblockVisitor = fn<typeof visitors.unblockVisitor>(CONSOLE.unblockVisitor)
export const exportVisitorData = fn<typeof visitors.exportVisitorData>(CONSOLE.exportVisitorData)
export const deleteVisitor = fn<typeof visitors.deleteVisitor>(CONSOLE.deleteVisitor)
export type { VisitorDetail, VisitorRow } from '../../shared/contracts/console-visitors.ts'
