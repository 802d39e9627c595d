import { fn } from '../../shared/functions/gateway.ts'
import { APPLICATIONS } from '../../shared/functions/applications.ts'
import type * as contracts from '../../shared/contracts/applications.ts'

/**
 * Exhibitor and attendee applications (docs/product.md#application-form): browser references to the platform functions.
 * Nothing here imports zod, so the sign-up page stays light; the rules both sides apply are in
 * shared/rules/applications.ts.
 */
export const openExhibitions = fn<typeof contracts.openExhibitions>(APPLICATIONS.openExhibitions)
export const submitExhibitorApplication = fn<typeof contracts.submitExhibitorApplication>(APPLICATIONS.submitExhibitorApplication)
export const submitAttendeeApplication = fn<typeof contracts.submitAttendeeApplication>(APPLICATIONS.submitAttendeeApplication)
export const myApplications = fn<typeof contracts.myApplications>(APPLICATIONS.myApplications)
export const applicantDefaults = fn<typeof contracts.applicantDefaults>(APPLICATIONS.applicantDefaults)

export type {
  ApplicationKind,
  ApplicationStatus,
  ExhibitorPayload,
  AttendeePayload,
  MyApplication,
  OpenExhibition,
  SubmitResult,
} from '../../shared/contracts/applications.ts'
