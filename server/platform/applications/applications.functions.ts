import {
  applicantDefaults,
  myApplications,
  openExhibitions,
  submitAttendeeApplication,
  submitExhibitorApplication,
} from '../../../shared/contracts/applications.ts'
import type { Platform } from '../platform.ts'
import { attendeeFields, type ApplicationService, exhibitorFields } from './applications.service.ts'

/** Registrations of the `apply$*` functions on the expo endpoint (thin: parse, call one verb, map). */
export function registerApplicationFunctions(platform: Platform, service: ApplicationService): void {
  const { registry } = platform
  registry.implement(openExhibitions, async (_payload, context) => ({ items: await service.openExhibitions(context.locale) }))
  registry.implement(submitExhibitorApplication, async (payload, context) =>
    service.submit({ fields: exhibitorFields(payload), idempotencyKey: payload.idempotencyKey, honeypot: payload.fax }, context),
  )
  registry.implement(submitAttendeeApplication, async (payload, context) =>
    service.submit({ fields: attendeeFields(payload), idempotencyKey: payload.idempotencyKey, honeypot: payload.fax }, context),
  )
  // `user` functions: the gateway has checked the session, so userId is set.
  registry.implement(myApplications, async (_payload, context) => ({ items: await service.myApplications(context.userId as string, context.locale) }))
  registry.implement(applicantDefaults, async (_payload, context) => service.applicantDefaults(context.userId as string))
}
