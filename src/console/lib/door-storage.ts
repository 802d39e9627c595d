import { CHECKIN_PATH } from './paths.ts'

/**
 * Where the check-in screen keeps what it needs offline (docs/product.md#checkin): the ticket list and
 * the scans not yet synced in IndexedDB, the screen itself in the service worker's cache. Both hold
 * attendees' names, so signing out forgets them; the device id and the gate are not personal and stay.
 * Plain IndexedDB here: the shell signs out on every console screen, and only the check-in screen
 * needs idb-keyval.
 */
export const DOOR_SCOPE = CHECKIN_PATH
export const DOOR_WORKER = '/console-checkin-sw.js'
/** The same name as CACHE in public/console-checkin-sw.js. */
export const DOOR_CACHE = 'door-checkin-v1'
export const DOOR_DATABASE = 'door-checkin'
export const DOOR_STORE = 'state'

/** Empties the door's store if this browser has one (never creates it). */
function clearDoorDatabase(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DOOR_DATABASE)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve()
    request.onsuccess = () => {
      const database = request.result
      if (!database.objectStoreNames.contains(DOOR_STORE)) {
        database.close()
        return resolve()
      }
      const transaction = database.transaction(DOOR_STORE, 'readwrite')
      transaction.objectStore(DOOR_STORE).clear()
      transaction.oncomplete =
        transaction.onerror =
        transaction.onabort =
          () => {
            database.close()
            resolve()
          }
    }
  })
}

/** Everything personal the door device holds, gone (at sign-out). */
export async function forgetDoorDevice(): Promise<void> {
  if (typeof indexedDB !== 'undefined') await clearDoorDatabase()
  if (typeof caches !== 'undefined') await caches.delete(DOOR_CACHE).catch(() => false)
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? []
  await Promise.all(
    registrations.filter((registration) => new URL(registration.scope).pathname === DOOR_SCOPE).map((registration) => registration.unregister()),
  )
}
