/**
 * The check-in screen's service worker (docs/product.md#checkin), scoped to /console/checkin: the door
 * must open without network. The console's pages are `private, no-store`, so nothing here relies on
 * the HTTP cache: the screen's page is kept by this worker each time it loads over the network (and
 * served from here only when the network fails), and the files it is made of, whose names carry a
 * hash and never change, are kept on first sight (the page lists the ones it loaded before this
 * worker was there). The gateway's calls are never touched. Signing out deletes this cache.
 */
const CACHE = 'door-checkin-v1' // DOOR_CACHE in src/console/lib/door-storage.ts
const SCOPE = new URL(self.registration.scope).pathname

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

/**
 * Set at sign-out (the page's 'forget' message): nothing is kept from then on, and what a fetch already
 * under way keeps is dropped again, so that no attendee's name outlives the sign-out on a shared phone.
 */
let forgotten = false

/** Reads never create the cache (caches.open would bring a deleted one back). */
const kept = (pathname) => caches.match(pathname, { cacheName: CACHE })

async function keep(pathname, response) {
  if (forgotten) return
  const cache = await caches.open(CACHE)
  await cache.put(pathname, response)
  if (forgotten) await caches.delete(CACHE)
}

const isScreen = (url) => url.pathname === SCOPE || url.pathname.startsWith(`${SCOPE}/`)
const isFile = (url) => url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg' || /^\/console-checkin\.[\w-]+\.webmanifest$/.test(url.pathname)

self.addEventListener('message', (event) => {
  if (event.data?.type === 'forget') {
    forgotten = true
    event.waitUntil(caches.delete(CACHE).then(() => event.ports[0]?.postMessage('forgotten')))
    return
  }
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return
  const urls = event.data.urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && (isFile(url) || isScreen(url)))
  event.waitUntil(
    Promise.all(
      urls.map(async (url) => {
        if (isFile(url) && (await kept(url.pathname))) return
        const response = await fetch(url.pathname, { credentials: 'same-origin' }).catch(() => null)
        if (response?.ok && !response.redirected) await keep(url.pathname, response)
      }),
    ),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && isScreen(url)) event.respondWith(screenPage(request, url))
  else if (isFile(url)) event.respondWith(buildFile(request, url))
})

/** The network's page when there is one (kept for next time), else the one kept. */
async function screenPage(request, url) {
  try {
    const response = await fetch(request)
    // Only the signed-in screen itself: a redirect to sign-in or an error page is not the door.
    if (response.ok && !response.redirected) await keep(url.pathname, response.clone())
    return response
  } catch (error) {
    const page = await kept(url.pathname)
    if (page) return page
    throw error
  }
}

async function buildFile(request, url) {
  const file = await kept(url.pathname)
  if (file) return file
  const response = await fetch(request)
  if (response.ok) await keep(url.pathname, response.clone())
  return response
}
