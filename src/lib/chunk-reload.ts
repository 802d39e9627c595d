/**
 * docs/product.md#chunk-reload: after a failed chunk load the page reloads, at most once per 60 seconds.
 * A failure within those 60 seconds is not reloaded again (that would loop while the files are
 * missing): it reaches the route's error boundary, which offers a link to load the page again (docs/product.md#chunk-reload).
 */
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

/**
 * The time of the last reload, from local storage or, when storage is off (private mode), from the
 * history entry: a reload keeps the entry, so the guard holds across reloads either way.
 */
function lastReloadAt(): number | null {
  const times: number[] = []
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEY))
    if (stored) times.push(stored)
  } catch {}
  const kept = Number((window.history.state as Record<string, unknown> | null)?.[STORAGE_KEY])
  if (kept) times.push(kept)
  return times.length ? Math.max(...times) : null
}

function rememberReload(now: number) {
  try {
    localStorage.setItem(STORAGE_KEY, String(now))
  } catch {}
  window.history.replaceState({ ...(window.history.state as object | null), [STORAGE_KEY]: now }, '')
}

/** Reloads unless a reload happened within the guard; true when it reloads. */
function reloadOnce(): boolean {
  const now = Date.now()
  if (!shouldReload(lastReloadAt(), now)) return false
  rememberReload(now)
  window.location.reload()
  return true
}

export function installChunkReload(): void {
  // Vite emits this when a dynamic import or its CSS fails to load; not prevented, the error goes on
  // to the route that asked for the code.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault()
  })
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadFailure(event.reason)) reloadOnce()
  })
}
