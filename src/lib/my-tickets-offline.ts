/**
 * "My tickets" offline (docs/product.md#tickets): the order pages register public/my-tickets-sw.js for their
 * language's /{lang}/apply/order only, and ask it to keep the page being read with the build files
 * it was made of. Signing out forgets every copy (they hold names and ticket codes).
 */
export const MY_TICKETS_CACHE = 'my-tickets-v1' // CACHE in public/my-tickets-sw.js
const WORKER = '/my-tickets-sw.js'
const SCOPE = /^\/[a-z-]+\/apply\/order$/

/** Registers the worker for this language's order pages and asks it to keep the page now shown. */
export async function keepMyTicketsOffline(lang: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return
  await navigator.serviceWorker.register(WORKER, { scope: `/${lang}/apply/order` })
  const ready = await navigator.serviceWorker.ready
  const files = new Set<string>()
  for (const entry of performance.getEntriesByType('resource')) files.add(entry.name)
  for (const element of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')) {
    files.add('href' in element ? element.href : element.src)
  }
  const assets = [...files].filter((url) => new URL(url, location.href).pathname.startsWith('/assets/'))
  ready.active?.postMessage({ type: 'keep', urls: [location.href, ...assets] })
}

/** The copies kept and the worker, gone (at sign-out, or when the pages are shown to nobody signed in). */
export async function forgetMyTickets(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(MY_TICKETS_CACHE).catch(() => false)
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? []
  await Promise.all(registrations.filter((registration) => SCOPE.test(new URL(registration.scope).pathname)).map((registration) => registration.unregister()))
}

/** When the page on screen is a copy the worker kept (no network), the time it was kept. */
export function savedCopyTime(): string | null {
  return typeof document === 'undefined' ? null : (document.documentElement.dataset.savedCopy ?? null)
}
