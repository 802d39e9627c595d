import type { Domain } from '../platform.ts'
import { mountAlertsApi, mountVerifyApi } from './api.ts'
import { mountRegisterDocumentUpload } from './console/document-upload.ts'
import { documentPage } from './document-page.ts'
import { registerConsoleRegisterFunctions } from './console/register.functions.ts'
import { seedVerification } from './seed.ts'
import { mountFileVerification } from './upload.ts'
import { registerVerificationFunctions } from './verification.functions.ts'
import { createVerificationService, type VerificationService } from './verification.service.ts'

declare module '../platform.ts' {
  interface Services {
    verification: VerificationService
  }
}

/**
 * Official channel verification (docs/product.md#verification): the register of official channels and documents, the
 * query function (expo$verifyChannel), the public list (expo$officialChannels) and the PDF check
 * (POST /api/verify/file, and POST /api/verify/document for the page without JavaScript); the organiser's console register (docs/product.md#console-register).
 */
export const domain: Domain = {
  name: 'verification',
  setup(platform) {
    const service = createVerificationService(platform)
    platform.services.verification = service
    registerVerificationFunctions(platform, service)
    registerConsoleRegisterFunctions(platform)
  },
  async seed(platform, tx) {
    await seedVerification(platform, platform.services.verification, tx)
  },
  routes(router, platform) {
    mountFileVerification(router, platform, platform.services.verification, documentPage(router, platform, platform.services.verification))
    mountVerifyApi(router, platform, platform.services.verification)
    mountAlertsApi(router, platform, platform.services.verification)
    mountRegisterDocumentUpload(router, platform)
  },
}

// What other domains use of this one.
export { eraseChannelSubmitters, eraseLookups } from './erasure.ts'
export { verifiedChannelsOf } from './submissions/submissions.ts'
export { type ReportChannel, reportChannelOf } from './report-channel.ts'
export { type PublishAlertInput, type PublishedAlert, publishAlert } from './alerts/alerts.ts'
