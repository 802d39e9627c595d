import fc from 'fast-check'
import { afterAll, vi } from 'vitest'
import { releaseTestDatabase } from './test-app.ts'

/**
 * After each integration file, nothing it set reaches the next file of its worker (they share modules,
 * vitest.config.ts): not its moment, not fast-check's sizes (a fuzz file's 'large' made another file's
 * property test run for ten minutes), not its platforms nor its embedded database.
 */
afterAll(async () => {
  vi.useRealTimers()
  fc.resetConfigureGlobal()
  await releaseTestDatabase()
})
