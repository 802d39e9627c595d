import { registerHooks } from 'node:module'

/**
 * Loaded with `node --import` by the browser tests' console site (console-kit.ts), never by the
 * product: the server entry's database module is swapped for console-site-tap.ts, which opens the
 * same database and also answers the test process that started this one over its IPC channel.
 * A production server has no such channel and never loads this file.
 */
const ENTRY = new URL('../../server/index.ts', import.meta.url).href
const TAP = new URL('./console-site-tap.ts', import.meta.url).href

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === './db/client.ts' && context.parentURL === ENTRY) return { url: TAP, shortCircuit: true }
    return nextResolve(specifier, context)
  },
})
