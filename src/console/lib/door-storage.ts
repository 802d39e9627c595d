import { clear, createStore, type UseStore } from 'idb-keyval'
import { CHECKIN_PATH } from './paths.ts'

/**
 * Where the check-in screen keeps what it needs offline (docs/product.md#checkin): the ticket list and
 * the scans not yet synced in IndexedDB, the screen itself in the service worker's cache. Both hold
 * attendees' names, so signing out forgets them; the device id and the gate are not personal and stay.
 */
export const DOOR_SCOPE = CHECKIN_PATH
export const DOOR_WORKER = '/console-checkin-sw.js'
/** The same name as CACHE in public/console-checkin-sw.js. */
export const DOOR_CACHE = 'door-checkin-v1'

let store: UseStore | null = null
/** Opened on first use only: never while rendering on the server. */
export function doorStore(): UseStore {
  store ??= createStore('door-checkin', 'state')
  return store
}

/** Everything personal the door device holds, gone (at sign-out). */
export async function forgetDoorDevice(): Promise<void> {
  if (typeof indexedDB !== 'undefined') await clear(doorStore()).catch(() => undefined)
  if (typeof caches !== 'undefined') await caches.delete(DOOR_CACHE).catch(() => false)
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? []
  await Promise.all(
    registrations.filter((registration) => new URL(registration.scope).pathname === DOOR_SCOPE).map((registration) => registration.unregister()),
  )
}
