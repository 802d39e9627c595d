import type { Domain } from '../platform.ts'
import { registerExhibitorFunctions } from './exhibitors.functions.ts'
import { createExhibitorService, type ExhibitorService } from './exhibitors.service.ts'
import { mountLogoUpload } from './logo-upload.ts'

declare module '../platform.ts' {
  interface Services {
    exhibitors: ExhibitorService
  }
}

/**
 * Exhibitors (docs/product.md#exhibitors): companies at exhibitions, born from accepted exhibitor
 * applications; their profiles in every language, their teams (members and mailed invitations), and
 * the directory visitors read; the logo upload route.
 */
export const domain: Domain = {
  name: 'exhibitors',
  setup(platform) {
    const service = createExhibitorService(platform)
    platform.services.exhibitors = service
    registerExhibitorFunctions(platform, service)
  },
  routes(router, platform) {
    mountLogoUpload(router, platform, platform.services.exhibitors)
  },
}

// What other domains use of this one.
export type { ExhibitorApplicationDecision, ExhibitorService } from './exhibitors.service.ts'
export { applicationDecided } from './exhibitors.service.ts'
export { eraseExhibitorInvitations } from './erasure.ts'
