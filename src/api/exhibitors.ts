import type { z } from 'zod'
import { fn } from '../../shared/functions/gateway.ts'
import { EXHIBITORS } from '../../shared/functions/exhibitors.ts'
import type * as contracts from '../../shared/contracts/exhibitors.ts'
import type * as plans from '../../shared/contracts/floor-plans.ts'
import type * as tasks from '../../shared/contracts/exhibitor-tasks.ts'

/**
 * Exhibitors (docs/product.md#exhibitors): browser references to the platform functions. The rules
 * both sides apply are in shared/rules/exhibitors.ts.
 */
export const myExhibitors = fn<typeof contracts.myExhibitors>(EXHIBITORS.myExhibitors)
export const exhibitorWorkspace = fn<typeof contracts.exhibitorWorkspace>(EXHIBITORS.exhibitorWorkspace)
export const saveExhibitorProfile = fn<typeof contracts.saveExhibitorProfile>(EXHIBITORS.saveExhibitorProfile)
export const removeExhibitorLogo = fn<typeof contracts.removeExhibitorLogo>(EXHIBITORS.removeExhibitorLogo)
export const inviteExhibitorMember = fn<typeof contracts.inviteExhibitorMember>(EXHIBITORS.inviteExhibitorMember)
export const revokeExhibitorInvitation = fn<typeof contracts.revokeExhibitorInvitation>(EXHIBITORS.revokeExhibitorInvitation)
export const removeExhibitorMember = fn<typeof contracts.removeExhibitorMember>(EXHIBITORS.removeExhibitorMember)
export const exhibitorInvitation = fn<typeof contracts.exhibitorInvitation>(EXHIBITORS.exhibitorInvitation)
export const acceptExhibitorInvitation = fn<typeof contracts.acceptExhibitorInvitation>(EXHIBITORS.acceptExhibitorInvitation)
export const exhibitorChecklist = fn<typeof tasks.exhibitorChecklist>(EXHIBITORS.exhibitorChecklist)
export const confirmExhibitorTask = fn<typeof tasks.confirmExhibitorTask>(EXHIBITORS.confirmExhibitorTask)
export const orderExhibitorForm = fn<typeof tasks.orderExhibitorForm>(EXHIBITORS.orderExhibitorForm)
export const exhibitorDirectory = fn<typeof contracts.exhibitorDirectory>(EXHIBITORS.exhibitorDirectory)
export const exhibitorPage = fn<typeof contracts.exhibitorPage>(EXHIBITORS.exhibitorPage)
export const boothChoice = fn<typeof plans.boothChoice>(EXHIBITORS.boothChoice)
export const chooseBooth = fn<typeof plans.chooseBooth>(EXHIBITORS.chooseBooth)

/** What members see of booth checkout (docs/product.md#booth-checkout). */
export type BoothChoiceView = z.output<typeof plans.boothChoice.result>

/** What the directory and an exhibitor's page show (docs/product.md#exhibitor-directory). */
export type ExhibitorDirectory = z.output<typeof contracts.exhibitorDirectory.result>
export type ExhibitorPageView = z.output<typeof contracts.exhibitorPage.result>

export type {
  DirectoryEntry,
  ExhibitorSummary,
  ProfilePayload,
  ProfileView,
  TeamView,
  WorkspaceView,
} from '../../shared/contracts/exhibitors.ts'

export type { ChecklistView } from '../../shared/contracts/exhibitor-tasks.ts'

/** What an invitation link offers, before it is taken. */
export type InvitationView = z.output<typeof contracts.exhibitorInvitation.result>
export const submitExhibitorChannel = fn<typeof contracts.submitExhibitorChannel>(EXHIBITORS.submitExhibitorChannel)
export const withdrawExhibitorChannel = fn<typeof contracts.withdrawExhibitorChannel>(EXHIBITORS.withdrawExhibitorChannel)
// Team passes (docs/product.md#team-passes).
export const exhibitorPasses = fn<typeof contracts.exhibitorPasses>(EXHIBITORS.exhibitorPasses)
export const nameExhibitorPass = fn<typeof contracts.nameExhibitorPass>(EXHIBITORS.nameExhibitorPass)
export const renameExhibitorPass = fn<typeof contracts.renameExhibitorPass>(EXHIBITORS.renameExhibitorPass)
export const revokeExhibitorPass = fn<typeof contracts.revokeExhibitorPass>(EXHIBITORS.revokeExhibitorPass)
export type PassesView = z.output<typeof contracts.passesView>
export type { ChannelSubmissionView } from '../../shared/contracts/exhibitors.ts'
export const exhibitionFloorPlan = fn<typeof plans.exhibitionFloorPlan>(EXHIBITORS.exhibitionFloorPlan)
export type FloorPlanView = z.output<typeof plans.exhibitionFloorPlan.result>
