/**
 * The embedded PostgreSQL keeps its timeouts (the idle flush of its statistics among them) with
 * setTimeout, measured on its own clock, which is Date.now(): the moment a test chose (setMoment). When
 * a later test sets a moment years before one such timeout was armed, PostgreSQL asks for a wait of
 * years. Node keeps no wait past 2^31-1 ms: it fires after 1 ms instead, with a warning, and PostgreSQL
 * arms it again, every millisecond for the rest of the worker (74,000 warnings in one pass of the suite,
 * docs/CONVENTIONS.md#tests). A wait that long from PGlite is kept at the longest Node has, which in a
 * test's life is never; anyone else's still gets Node's own answer.
 */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1
const INSTALLED = Symbol.for('pglite-long-timeouts')
const globals = globalThis as typeof globalThis & { [INSTALLED]?: true }

const askedByPglite = () => new Error().stack?.includes('@electric-sql/pglite') === true

if (!globals[INSTALLED]) {
  globals[INSTALLED] = true
  const nodeSetTimeout = globalThis.setTimeout
  const setTimeoutKeepingLongWaits = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    nodeSetTimeout(callback, typeof ms === 'number' && ms > LONGEST_TIMEOUT_MS && askedByPglite() ? LONGEST_TIMEOUT_MS : ms, ...args)
  globalThis.setTimeout = Object.assign(setTimeoutKeepingLongWaits, nodeSetTimeout) as typeof setTimeout
}
