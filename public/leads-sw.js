/**
 * The lead scanner's service worker (docs/product.md#leads-offline), registered by the scanner page
 * only, scoped to one language's /{lang}/exhibitor/leads: a member at a booth without network must
 * still open the scanner after a reload. The page is asked of the network first and kept (per
 * exhibitor, `?id=`); without network the copy kept is shown. The build files it is made of (hashed
 * names, never changed), the camera's reader among them, are kept on first sight (the page lists the
 * ones it loaded before this worker was there). The gateway's calls are never touched: the queue of
 * scans lives in IndexedDB and goes out through them. Signing out deletes this cache.
 */
const CACHE = 'leads-scanner-v1' // LEADS_CACHE in src/lib/leads-offline/names.ts
const SCOPE = new URL(self.registration.scope).pathname
/** Exhibitors a phone scans for are few; past this many pages the oldest copies go. */
const MAX_PAGES = 10

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

/**
 * Set at sign-out (the page's 'forget' message): nothing is kept from then on, and what a fetch already
 * under way keeps is dropped again, so that the team's list does not outlive the sign-out on a shared phone.
 */
let forgotten = false

const isPage = (url) => url.pathname === SCOPE
const isFile = (url) => url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg'
const keyOf = (url) => (isPage(url) ? `${url.pathname}${url.search}` : url.pathname)

/** Reads never create the cache (caches.open would bring a deleted one back). */
const kept = (key) => caches.match(key, { cacheName: CACHE })

async function keep(url, response) {
  if (forgotten) return
  const cache = await caches.open(CACHE)
  await cache.put(keyOf(url), response)
  if (isPage(url)) {
    const pages = (await cache.keys()).filter((request) => isPage(new URL(request.url)))
    for (const old of pages.slice(0, Math.max(0, pages.length - MAX_PAGES))) await cache.delete(old)
  }
  if (forgotten) await caches.delete(CACHE)
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'forget') {
    forgotten = true
    event.waitUntil(caches.delete(CACHE).then(() => event.ports[0]?.postMessage('forgotten')))
    return
  }
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return
  const urls = event.data.urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && (isFile(url) || isPage(url)))
  event.waitUntil(
    Promise.all(
      urls.map(async (url) => {
        if (isFile(url) && (await kept(keyOf(url)))) return
        const response = await fetch(keyOf(url), { credentials: 'same-origin' }).catch(() => null)
        if (response?.ok && !response.redirected) await keep(url, response)
      }),
    ),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && isPage(url)) event.respondWith(page(request, url))
  else if (isFile(url)) event.respondWith(buildFile(request, url))
})

/** The network's page when there is one (kept for next time), else the copy kept. */
async function page(request, url) {
  try {
    const response = await fetch(request)
    // Only the scanner itself: a redirect or an error page is not worth keeping.
    if (response.ok && !response.redirected) await keep(url, response.clone())
    return response
  } catch (error) {
    const copy = await kept(keyOf(url))
    if (copy) return copy
    throw error
  }
}

async function buildFile(request, url) {
  const file = await kept(keyOf(url))
  if (file) return file
  const response = await fetch(request)
  if (response.ok) await keep(url, response.clone())
  return response
}
