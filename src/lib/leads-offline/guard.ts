import { withExistingStore } from '../existing-store.ts'
import { LEADS_CACHE, LEADS_DATABASE, LEADS_SCOPE, LEADS_STORE } from './names.ts'
import { type LeadsDevice, waitingScans } from './queue.ts'

/** Tells the scanner's worker to keep nothing more, and waits until it has dropped its cache (a second at most). */
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
 * The lead scanner at sign-out (docs/product.md#leads-offline): scans still on this phone hold the
 * sign-out back (they would be lost); once none wait, the page kept for offline use (it lists the
 * team's leads) and the worker go, and so do the queues left empty. Its shape is the registry's
 * SignOutGuard (src/lib/sign-out-guards.ts), which loads it.
 */
export const leadsGuard = {
  waiting(accountId: string): Promise<Array<{ count: number; path: string }>> {
    return withExistingStore<Array<{ count: number; path: string }>>(LEADS_DATABASE, LEADS_STORE, 'readonly', [], (store, done) => {
      const all = store.getAll()
      all.onsuccess = () =>
        done(
          (all.result as LeadsDevice[])
            .filter((device) => device.accountId === accountId && device.queue?.length)
            .map((device) => ({ count: waitingScans(device.queue), path: `exhibitor/leads?id=${device.exhibitorId}` })),
        )
    })
  },
  async forget(): Promise<void> {
    const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? []
    await Promise.all(
      registrations
        .filter((registration) => LEADS_SCOPE.test(new URL(registration.scope).pathname))
        .map(async (registration) => {
          await workerForgets(registration.active)
          await registration.unregister()
        }),
    )
    if (typeof caches !== 'undefined') await caches.delete(LEADS_CACHE).catch(() => false)
    await withExistingStore(LEADS_DATABASE, LEADS_STORE, 'readwrite', undefined, (store) => {
      const cursor = store.openCursor()
      cursor.onsuccess = () => {
        const at = cursor.result
        if (!at) return
        if (!(at.value as LeadsDevice).queue?.length) at.delete()
        at.continue()
      }
    })
  },
}
