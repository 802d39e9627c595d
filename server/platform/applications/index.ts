import type { Domain } from '../platform.ts'
import { registerApplicationFunctions } from './applications.functions.ts'
import { type ApplicationService, createApplicationService } from './applications.service.ts'
import { registerConsoleApplicationFunctions } from './console/console-applications.functions.ts'

declare module '../platform.ts' {
  interface Services {
    applications: ApplicationService
  }
}

/**
 * Exhibitor and attendee applications (docs/product.md#application-form): stored, acknowledged by mail in the applicant's
 * language, listed for the logged-in applicant, and for the organiser in the console's review queue (decisions mailed to the applicant) and through
 * `npm run applications`.
 * No demo content: the organiser's list works on an empty database.
 */
export const domain: Domain = {
  name: 'applications',
  setup(platform) {
    const service = createApplicationService(platform)
    platform.services.applications = service
    registerApplicationFunctions(platform, service)
    registerConsoleApplicationFunctions(platform)
  },
}

// What other domains use of this one.
export { APPLICATIONS_OF, eraseApplications } from './erasure.ts'
export { APPLICATION_EXPORT } from './console/review.ts'
