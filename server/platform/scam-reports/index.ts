import type { Domain } from '../platform.ts'
import { registerScamReportFunctions } from './scam-reports.functions.ts'
import { scamReportRoutes } from './scam-reports.routes.ts'
import { createScamReportService, type ScamReportService } from './scam-reports.service.ts'

declare module '../platform.ts' {
  interface Services {
    scamReports: ScamReportService
  }
}

const EXPIRY_EVERY_MS = 6 * 60 * 60_000
const EVIDENCE_SWEEP_EVERY_MS = 30 * 60_000

/**
 * Scam reports (docs/product.md#scam-reports): the public form (expo$reportScam, and a form post
 * without JavaScript), the verifier's queue grouped by channel, and the keeping time.
 */
export const domain: Domain = {
  name: 'scam-reports',
  setup(platform) {
    const service = createScamReportService(platform)
    platform.services.scamReports = service
    registerScamReportFunctions(platform, service)
    platform.jobs.every('scamReports.expire', EXPIRY_EVERY_MS, () => service.expire(new Date()))
    platform.jobs.every('scamReports.evidenceSweep', EVIDENCE_SWEEP_EVERY_MS, () => service.sweepEvidence(new Date()))
  },
  routes(router, platform) {
    scamReportRoutes(router, platform, platform.services.scamReports)
  },
}

// What other domains use of this one.
export { eraseScamReports } from './erasure.ts'
