// npm run verify -- <command>: the organiser's register of official channels and documents (docs/product.md#verification),
// also kept in the console. Uses the same database as the server (DATA_DIR or DATABASE_URL).
// With the embedded database, stop the server first: one process at a time may open its files.
import { pino } from 'pino'
import { ConfigError, parseConfig } from '../server/config.ts'
import { type Database, DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createGeo } from '../server/geo/geo.ts'
import { createPlatform, type Platform } from '../server/platform/platform.ts'
import { runRegisterCli } from '../server/platform/verification/register.cli.ts'

let db: Database | undefined
let platform: Platform | undefined
try {
  process.exitCode = await runRegisterCli(
    process.argv.slice(2),
    async () => {
      const config = parseConfig()
      db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
      await migrate(db)
      const opened = await createPlatform({ config, db, logger: pino({ level: 'warn' }), geo: createGeo({ lookup: () => null }), domains: ['verification'] })
      platform = opened
      return { service: opened.services.verification, changed: () => opened.contentChanged({ scope: 'verification' }) }
    },
    {
      out: (text) => process.stdout.write(`${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
    },
  )
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof DatabaseOpenError)) throw error
  console.error(error.message)
  process.exitCode = 1
} finally {
  await platform?.close()
  await db?.close()
}
