import { createHash, randomBytes } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/client.ts'
import type { AccountBrake } from '../accounts/index.ts'
import type { KnownDevices } from '../accounts/index.ts'
import type { PasswordHasher } from '../passwords.ts'
import type { SignInThrottle } from '../accounts/index.ts'
import type { RateLimits } from '../rate-limits.ts'

/** What the staff operations work with. */
export interface StaffDeps {
  db: Database
  config: Config
  passwords: PasswordHasher
  throttle: SignInThrottle
  /** Account-wide: passwords from browsers the account does not know, and second-factor codes. */
  brakes: { password: AccountBrake; code: AccountBrake }
  devices: KnownDevices
  rateLimits: RateLimits
}

/** Where a call came from: kept with the session and in the audit log. */
export interface Origin {
  ip: string
  device: string
}

/** A staff session lasts at most this long, however busy (docs/product.md#staff-accounts); idle time is STAFF_IDLE_MINUTES. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60

/** Set-up tokens and session secrets are stored as this hash only. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url')
export const newSecret = () => randomBytes(32).toString('base64url')
/** A secret of newSecret's shape (43 base64url characters). */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** The clock of every staff rule, read once per operation (tests set it with fake timers). */
export const currentTime = () => new Date()
