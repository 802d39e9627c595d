/** docs/product.md#chunk-reload: after a failed chunk load the page reloads, at most once per 60 seconds. */
export const RELOAD_GUARD_MS = 60_000
const STORAGE_KEY = 'chunk-reload-at'

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS
}

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i

export function isChunkLoadFailure(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : ''
  return CHUNK_FAILURE.test(message)
}

function reloadOnce() {
  let last: number | null = null
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    last = stored ? Number(stored) : null
  } catch {
    // Storage may be off (private mode); then the guard is per page view.
  }
  const now = Date.now()
  if (!shouldReload(last, now)) return
  try {
    localStorage.setItem(STORAGE_KEY, String(now))
  } catch {}
  window.location.reload()
}

export function installChunkReload(): void {
  // Vite emits this when a dynamic import or its CSS fails to load.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault()
    reloadOnce()
  })
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadFailure(event.reason)) reloadOnce()
  })
}
