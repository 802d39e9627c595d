import { CODE_BRAKE, createAccountBrake, PASSWORD_BRAKE, renamedBrake } from '../accounts/index.ts'
import { createKnownDevices } from '../accounts/index.ts'
import { createSignInThrottle } from '../accounts/index.ts'
import type { Domain } from '../platform.ts'
import { loadSecret } from '../tokens.ts'
import { audit, redactAudit } from './audit.ts'
import { deleteExpiredSetupTokens } from './members.repo.ts'
import { deleteOldSessions } from './sessions.repo.ts'
import { STAFF_SIGN_IN } from './sign-in.ts'
import { registerStaffFunctions } from './staff.functions.ts'
import { currentTime, type StaffDeps } from './staff-deps.ts'
import { createStaffGate } from './staff-sessions.ts'

declare module '../platform.ts' {
  interface Services {
    /** What other domains' console functions need: the audit writer to call inside their transactions. */
    staff: { audit: typeof audit; redactAudit: typeof redactAudit }
  }
}

/**
 * The organiser's console, its foundation (docs/product.md#console): staff accounts with a
 * password and a TOTP second factor, one-time set-up links (npm run staff, invitations), staff
 * sessions behind their own cookie with an idle timeout, roles checked by the console gateway, and
 * the audit log every staff change writes in its own transaction.
 */
export const domain: Domain = {
  name: 'staff',
  async setup(platform) {
    const deps: StaffDeps = {
      db: platform.db,
      config: platform.config,
      passwords: platform.passwords,
      throttle: createSignInThrottle(platform.rateLimits, STAFF_SIGN_IN),
      brakes: {
        password: createAccountBrake(platform.rateLimits, renamedBrake(PASSWORD_BRAKE, 'staff-')),
        code: createAccountBrake(platform.rateLimits, CODE_BRAKE),
      },
      devices: createKnownDevices(await loadSecret(platform.db, 'known-devices'), 'staff'),
      rateLimits: platform.rateLimits,
    }
    platform.staffGate = createStaffGate(deps)
    platform.services.staff = { audit, redactAudit }
    registerStaffFunctions(platform, deps)
    platform.jobs.every('staff.cleanup', 60 * 60 * 1000, async () => {
      const now = currentTime()
      await deleteOldSessions(platform.db, now)
      await deleteExpiredSetupTokens(platform.db, now)
    })
  },
}

// What other domains use of this one.
export { audit, type AuditEntry } from './audit.ts'
