import type { Domain } from '../platform.ts'
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
 * Official channel verification (issue 11): the register of official channels and documents, the
 * query function (expo$verifyChannel), the public list (expo$officialChannels) and the PDF check
 * (POST /api/verify/file).
 */
export const domain: Domain = {
  name: 'verification',
  setup(platform) {
    const service = createVerificationService(platform)
    platform.services.verification = service
    registerVerificationFunctions(platform, service)
  },
  async seed(platform, tx) {
    await seedVerification(platform, platform.services.verification, tx)
  },
  routes(router, platform) {
    mountFileVerification(router, platform, platform.services.verification)
  },
}
