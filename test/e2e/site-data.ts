import { cpSync, existsSync, renameSync, rmSync } from 'node:fs'
import { pino } from 'pino'
import { parseConfig } from '../../server/config.ts'
import { openPglite } from '../../server/db/client.ts'
import { migrate } from '../../server/db/migrate.ts'
import { createGeo } from '../../server/geo/geo.ts'
import { loadIpCountryDatabase } from '../../server/geo/ip-country.ts'
import { createPlatform } from '../../server/platform/platform.ts'
import { seedDemoContent } from '../../server/platform/seed.ts'

/**
 * The data folder every site of a browser-test pass starts from: an embedded database made, migrated
 * and given the demo content once, when the pass's own site starts (playwright.config.ts). A site that
 * opens a copy starts in about half the time of one on an empty folder, which makes its database's
 * cluster, migrates and seeds (7 s against 15–17 s on one of our hosts, docs/performance.md#site-data);
 * the pass starts six sites. Without the template (a spec run on its own against a site started
 * elsewhere), a site starts from an empty folder as before.
 */
export const SITE_DATA_TEMPLATE = `data/e2e-template-${process.env.E2E_PORT ?? 3211}`

/** Empties a site's data folder and fills it with a copy of the pass's template, when there is one. */
export function freshSiteData(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true })
  if (existsSync(SITE_DATA_TEMPLATE)) cpSync(SITE_DATA_TEMPLATE, dataDir, { recursive: true })
}

/** What a site's first start does to its folder before it listens (server/index.ts), done in a folder of its own. */
async function makeTemplate(): Promise<void> {
  const making = `${SITE_DATA_TEMPLATE}.making`
  rmSync(making, { recursive: true, force: true })
  rmSync(SITE_DATA_TEMPLATE, { recursive: true, force: true })
  const config = parseConfig({ ...process.env, DATA_DIR: making })
  const db = await openPglite(making)
  await migrate(db)
  const platform = await createPlatform({ config, db, logger: pino({ level: 'silent' }), geo: createGeo(loadIpCountryDatabase()) })
  if (config.DEMO_CONTENT === 'on') await seedDemoContent(platform)
  await platform.close()
  await db.close()
  renameSync(making, SITE_DATA_TEMPLATE)
}

// `node test/e2e/site-data.ts DATA_DIR`: the template made afresh, and DATA_DIR a copy of it.
if (import.meta.main) {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('usage: node test/e2e/site-data.ts DATA_DIR')
  await makeTemplate()
  freshSiteData(dataDir)
}
