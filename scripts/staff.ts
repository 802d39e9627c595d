// npm run staff -- add|list|disable ...: staff accounts of the organiser's console (docs/product.md#console). The first
// owner starts here; a lost second factor is reset here too. Reads the database the site uses
// (DATABASE_URL, or the embedded one under DATA_DIR; stop the site first when it is embedded).
import { ConfigError, parseConfig } from '../server/config.ts'
import { DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { runStaffCli } from '../server/platform/staff/staff.cli.ts'

try {
  const config = parseConfig()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    await migrate(db)
    // The set-up link names the site: say so when its address had to be guessed.
    if (config.publicOriginGuessed && process.argv[2] === 'add') console.error(`PUBLIC_ORIGIN is not set: the link says ${config.PUBLIC_ORIGIN}.`)
    process.exitCode = await runStaffCli(
      process.argv.slice(2),
      db,
      {
        out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
        err: (text) => process.stderr.write(`${text}\n`),
      },
      { publicOrigin: config.PUBLIC_ORIGIN },
    )
  } finally {
    await db.close()
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
