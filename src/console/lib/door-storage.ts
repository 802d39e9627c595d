import { withExistingStore } from '../../lib/existing-store.ts'
import { CHECKIN_PATH } from './paths.ts'

/**
 * Where the check-in screen keeps what it needs offline (docs/product.md#checkin): the ticket list and
 * the scans not yet synced in IndexedDB, the screen itself in the service worker's cache. Both hold
 * attendees' names, so signing out forgets them, and is refused while scans wait to be sent (they would
 * be lost); the device id and the gate are not personal and stay.
 * Plain IndexedDB here (src/lib/existing-store.ts): the shell signs out on every console screen, and
 * only the check-in screen needs idb-keyval.
 */
export const DOOR_SCOPE = CHECKIN_PATH
export const DOOR_WORKER = '/console-checkin-sw.js'
/** The same name as CACHE in public/console-checkin-sw.js. */
export const DOOR_CACHE = 'door-checkin-v1'
export const DOOR_DATABASE = 'door-checkin'
export const DOOR_STORE = 'state'

/**
 * Asked of the door screen by the shell (a window event): send the scans waiting now, as the member
 * who wants to sign out asks.
 */
export const DOOR_SEND_EVENT = 'door:send'

/** What one exhibition's stored state holds that sign-out must not lose (DoorData in the check-in screen). */
interface StoredDoor {
  list?: { exhibition?: { id?: number; title?: string } }
  scans?: unknown[]
  undos?: unknown[]
}

/** Runs `work` on the door's store if this browser has one (never creates it); `fallback` if it has none. */
const withDoorStore = <T>(mode: IDBTransactionMode, fallback: T, work: (store: IDBObjectStore, done: (value: T) => void) => void): Promise<T> =>
  withExistingStore(DOOR_DATABASE, DOOR_STORE, mode, fallback, work)

/** The scans and undos this device made that have not reached the server, per exhibition. */
export function doorScansWaiting(): Promise<Array<{ exhibitionId: number; title: string; count: number }>> {
  return withDoorStore<Array<{ exhibitionId: number; title: string; count: number }>>('readonly', [], (store, done) => {
    const all = store.getAll()
    all.onsuccess = () =>
      done(
        (all.result as StoredDoor[])
          .map((door) => ({
            exhibitionId: door.list?.exhibition?.id ?? 0,
            title: door.list?.exhibition?.title ?? '',
            count: (door.scans?.length ?? 0) + (door.undos?.length ?? 0),
          }))
          .filter((door) => door.count > 0),
      )
  })
}

/** Tells the door's worker to keep nothing more and waits until it has dropped its cache (a second at most). */
function workerForgets(worker: ServiceWorker | null): Promise<void> {
  if (!worker) return Promise.resolve()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const enough = setTimeout(resolve, 1000)
    channel.port1.onmessage = () => {
      clearTimeout(enough)
      resolve()
    }
    worker.postMessage({ type: 'forget' }, [channel.port2])
  })
}

/**
 * Everything personal the door device holds, gone (at sign-out). The worker is told first: a page or
 * file it is fetching meanwhile would otherwise bring the deleted cache back.
 */
export async function forgetDoorDevice(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? []
  await Promise.all(
    registrations
      .filter((registration) => new URL(registration.scope).pathname === DOOR_SCOPE)
      .map(async (registration) => {
        await workerForgets(registration.active)
        await registration.unregister()
      }),
  )
  await withDoorStore('readwrite', undefined, (store) => store.clear())
  if (typeof caches !== 'undefined') await caches.delete(DOOR_CACHE).catch(() => false)
}
