import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/applications.ts'

/**
 * Exhibitor and attendee applications (issue 10): browser references to the platform functions, and
 * the rules both sides apply. The page validates with these before sending; the platform's zod
 * contract (src/api/contracts/applications.ts) applies the same rules again and is the authority.
 * Nothing here imports zod, so the sign-up page stays light.
 */
export const openExhibitions = fn<typeof contracts.openExhibitions>('expo', 'apply$openExhibitions', 'visitor')
export const submitExhibitorApplication = fn<typeof contracts.submitExhibitorApplication>('expo', 'apply$submitExhibitor', 'visitor')
export const submitAttendeeApplication = fn<typeof contracts.submitAttendeeApplication>('expo', 'apply$submitAttendee', 'visitor')
export const myApplications = fn<typeof contracts.myApplications>('expo', 'apply$myApplications', 'user')
export const applicantDefaults = fn<typeof contracts.applicantDefaults>('expo', 'apply$applicantDefaults', 'user')

export type {
  ApplicationKind,
  ApplicationStatus,
  ExhibitorPayload,
  AttendeePayload,
  MyApplication,
  OpenExhibition,
  SubmitResult,
} from './contracts/applications.ts'

export * from './rules/applications.ts'
