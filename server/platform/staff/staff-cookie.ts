import { STAFF_COOKIE } from '../../../shared/rules/console-access.ts'
import { DEVICE_DAYS } from '../accounts/index.ts'

/**
 * The staff session cookie (docs/product.md#staff-accounts): HttpOnly, SameSite=Strict, Secure under https, sent
 * only to the console's pages and its gateway. A cookie has one Path, so it is set once per path.
 * No Max-Age: it ends with the browser, and the server ends it sooner (idle time, lifetime).
 */
export function staffCookies(value: string, options: { secure: boolean }): string[] {
  return STAFF_COOKIE.paths.map((path) => `${STAFF_COOKIE.name}=${value}; Path=${path}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`)
}

/** The same cookies, expired: the browser forgets them. */
export function clearedStaffCookies(options: { secure: boolean }): string[] {
  return STAFF_COOKIE.paths.map(
    (path) => `${STAFF_COOKIE.name}=; Path=${path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`,
  )
}

/**
 * The known-device cookie (docs/decisions/0015-account-wide-guess-brake.md): only the console's
 * gateway reads it, at sign-in; it outlives the browser session, 90 days from the last sign-in.
 */
export const STAFF_DEVICE_COOKIE = { name: 'staff_device', path: '/gateway/console' } as const

export function staffDeviceCookie(value: string, options: { secure: boolean }): string {
  const maxAge = DEVICE_DAYS * 24 * 60 * 60
  return `${STAFF_DEVICE_COOKIE.name}=${value}; Path=${STAFF_DEVICE_COOKIE.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`
}
