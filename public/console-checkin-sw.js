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

const isScreen = (url) => url.pathname === SCOPE || url.pathname.startsWith(`${SCOPE}/`)
const isFile = (url) => url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg' || /^\/console-checkin\.[\w-]+\.webmanifest$/.test(url.pathname)

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return
  const urls = event.data.urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && (isFile(url) || isScreen(url)))
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls.map(async (url) => {
          if (isFile(url) && (await cache.match(url.pathname))) return
          const response = await fetch(url.pathname, { credentials: 'same-origin' }).catch(() => null)
          if (response?.ok && !response.redirected) await cache.put(url.pathname, response)
        }),
      ),
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
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    // Only the signed-in screen itself: a redirect to sign-in or an error page is not the door.
    if (response.ok && !response.redirected) await cache.put(url.pathname, response.clone())
    return response
  } catch (error) {
    const kept = await cache.match(url.pathname)
    if (kept) return kept
    throw error
  }
}

async function buildFile(request, url) {
  const cache = await caches.open(CACHE)
  const kept = await cache.match(url.pathname)
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) await cache.put(url.pathname, response.clone())
  return response
}
