import { fn } from './functions/gateway.ts'
import { CONSOLE } from './functions/console.ts'
import type * as contracts from './contracts/console.ts'

/**
 * The organiser's console (docs/product.md#console): browser references to the platform functions on
 * POST /gateway/console. Who may call which is src/api/rules/console-access.ts.
 */
export const setupInfo = fn<typeof contracts.setupInfo>(CONSOLE.setupInfo)
export const setUp = fn<typeof contracts.setUp>(CONSOLE.setUp)
export const signIn = fn<typeof contracts.signIn>(CONSOLE.signIn)
export const signOut = fn<typeof contracts.signOut>(CONSOLE.signOut)
export const me = fn<typeof contracts.me>(CONSOLE.me)
export const setLanguage = fn<typeof contracts.setLanguage>(CONSOLE.setLanguage)
export const sessions = fn<typeof contracts.sessions>(CONSOLE.sessions)
export const endSession = fn<typeof contracts.endSession>(CONSOLE.endSession)
export const staffList = fn<typeof contracts.staffList>(CONSOLE.staffList)
export const invite = fn<typeof contracts.invite>(CONSOLE.invite)
export const updateMember = fn<typeof contracts.updateMember>(CONSOLE.updateMember)
export const resetSecondFactor = fn<typeof contracts.resetSecondFactor>(CONSOLE.resetSecondFactor)
export const auditList = fn<typeof contracts.auditList>(CONSOLE.auditList)

export type { AuditRow, StaffListItem, StaffMember, StaffSession } from './contracts/console.ts'
