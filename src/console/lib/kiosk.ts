import { CHECKIN_PATH } from './paths.ts'

/**
 * Kiosk mode at the door (docs/product.md#kiosk): the tablet shows only the attendees' own check-in
 * until a staff member signs in. The lock is a cookie of the console's path, so that the server sends
 * every other console address back to the kiosk before anything of it renders (entry-server.tsx), and
 * a reload or a restarted browser stays locked; the kiosk keeps the browser's own back and forward
 * (what the lock holds: the check-in screen's kiosk-lock.ts).
 */
export const KIOSK_PATH = `${CHECKIN_PATH}/kiosk`
export const KIOSK_COOKIE = 'console_kiosk'
