import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as contracts from '../../shared/contracts/console.ts'

/**
 * The organiser's console (docs/product.md#console): browser references to the platform functions on
 * POST /gateway/console. Who may call which is shared/rules/console-access.ts.
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
export const goingLive = fn<typeof contracts.goingLive>(CONSOLE.goingLive)

export type { AuditRow, GoingLiveEntry, StaffListItem, StaffMember, StaffSession } from '../../shared/contracts/console.ts'
