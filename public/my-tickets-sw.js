/**
 * "My tickets" offline (docs/product.md#tickets), registered by the order pages only, scoped to one
 * language's /{lang}/apply/order: the page is asked of the network first and kept; without network the
 * last copy kept is shown, marked `data-saved-copy="<when>"` on <html> for the page to say so. The QR
 * codes are data URLs inside the page, so the copy has them. The build files the page is made of
 * (hashed names, never changed) are kept on first sight. Nothing else passes through here: the PDF
 * downloads, the gateway's calls and every other page go to the network as usual.
 *
 * The pages are the signed-in buyer's own (a signed-out visit replaces the copy with the sign-in
 * prompt); signing out deletes this cache (src/lib/my-tickets-offline.ts).
 */
const CACHE = 'my-tickets-v1' // MY_TICKETS_CACHE in src/lib/my-tickets-offline.ts
const SCOPE = new URL(self.registration.scope).pathname
/** A copy younger than this is not fetched again when the page asks to keep it (it was just stored). */
const FRESH_MS = 30_000
/** Orders a buyer opens are few; past this many pages the oldest copies go. */
const MAX_PAGES = 20

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

const isPage = (url) => url.pathname === SCOPE
const isFile = (url) => url.pathname.startsWith('/assets/')
const keyOf = (url) => `${url.pathname}${url.search}`

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && isPage(url)) event.respondWith(page(event, url))
  else if (isFile(url)) event.respondWith(buildFile(request, url))
})

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return
  const urls = event.data.urls.map((url) => new URL(url, self.location.origin)).filter((url) => url.origin === self.location.origin)
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls.map(async (url) => {
          if (isFile(url)) {
            if (await cache.match(url.pathname)) return
            const response = await fetch(url.pathname).catch(() => null)
            if (response?.ok) await cache.put(url.pathname, response)
          } else if (isPage(url)) {
            const kept = await cache.match(keyOf(url))
            if (kept && Date.now() - Date.parse(kept.headers.get('x-saved-at') ?? '') < FRESH_MS) return
            const response = await fetch(keyOf(url), { credentials: 'same-origin' }).catch(() => null)
            if (response?.ok && !response.redirected) await keepPage(cache, url, response)
          }
        }),
      ),
    ),
  )
})

/** The page as the network sent it, with when it was kept; decoded, so no encoding header stays. */
async function keepPage(cache, url, response) {
  const headers = new Headers(response.headers)
  headers.delete('content-encoding')
  headers.delete('content-length')
  headers.set('x-saved-at', new Date().toISOString())
  await cache.put(keyOf(url), new Response(await response.blob(), { status: response.status, headers }))
  const pages = (await cache.keys()).filter((request) => isPage(new URL(request.url)))
  for (const old of pages.slice(0, Math.max(0, pages.length - MAX_PAGES))) await cache.delete(old)
}

/** The network's page when there is one (kept for next time), else the copy kept, marked as such. */
async function page(event, url) {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(event.request)
    // Kept while the page streams to the browser, not before.
    if (response.ok && !response.redirected) event.waitUntil(keepPage(cache, url, response.clone()))
    return response
  } catch (error) {
    const kept = await cache.match(keyOf(url))
    if (!kept) throw error
    const savedAt = kept.headers.get('x-saved-at') ?? ''
    const html = (await kept.text()).replace(/<html(\s|>)/i, `<html data-saved-copy="${savedAt.replace(/[^0-9TZ:.-]/g, '')}"$1`)
    return new Response(html, { status: 200, headers: kept.headers })
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
