import { markDemoRows } from '../content/demo-marks.ts'
import type { Platform } from './platform.ts'

/** Same idea as the migration lock: one instance seeds, the others wait and then find it done. */
const SEED_LOCK_KEY = 727_100_2020

/**
 * Runs each domain's demo content once per database and returns the domains seeded now. A domain's
 * content and its seed_runs record commit together, under an advisory lock, so starting twice (or
 * two instances at once) never duplicates content and a failed seed leaves nothing half-done.
 */
export async function seedDemoContent(platform: Platform): Promise<string[]> {
  const seeded: string[] = []
  for (const domain of platform.domains) {
    const seed = domain.seed
    if (!seed) continue
    const ran = await platform.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY])
      const done = await tx.query('select 1 from seed_runs where domain = $1', [domain.name])
      if (done.rows.length) return false
      await seed(platform, tx)
      await markDemoRows(tx)
      await tx.query('insert into seed_runs (domain) values ($1)', [domain.name])
      return true
    })
    if (ran) seeded.push(domain.name)
  }
  if (seeded.length) platform.contentChanged({ scope: '*' })
  return seeded
}
