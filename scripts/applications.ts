// npm run applications -- list|export|status ...: the organiser's view of exhibitor and attendee
// applications (docs/product.md#application-form) next to the console's review queue (docs/product.md#console-applications). Reads the database the site uses
// (DATABASE_URL, or the embedded one under DATA_DIR; stop the site first when it is embedded).
import { ConfigError, parseConfig } from '../server/config.ts'
import { DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { runApplicationsCli } from '../server/platform/applications/applications.cli.ts'

try {
  const config = parseConfig()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    await migrate(db)
    process.exitCode = await runApplicationsCli(
      process.argv.slice(2),
      db,
      {
        out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
        err: (text) => process.stderr.write(`${text}\n`),
      },
      { brand: config.BRAND_NAME, contactEmail: config.CONTACT_EMAIL, publicOrigin: config.PUBLIC_ORIGIN },
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
