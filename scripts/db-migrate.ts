// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { ConfigError, parseConfig } from '../server/config.ts'
import { DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'

try {
  const config = parseConfig()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  const applied = await migrate(db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply: the database is up to date.')
  await db.close()
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
