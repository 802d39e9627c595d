import { officialChannels, scamAlerts, verifyChannel } from '../../../shared/contracts/verification.ts'
import type { Platform } from '../platform.ts'
import type { VerificationService } from './verification.service.ts'

/** The gateway functions of the verification domain (thin: the service holds the rules). */
export function registerVerificationFunctions(platform: Platform, service: VerificationService): void {
  platform.registry.implement(verifyChannel, async ({ value }, context) =>
    service.verifyChannel(value, { ip: context.ip, countryCode: context.countryCode, locale: context.locale }),
  )
  platform.registry.implement(officialChannels, async () => ({ channels: await service.publicChannels() }))
  platform.registry.implement(scamAlerts, (payload, context) => service.scamAlerts(payload, context.locale))
}
