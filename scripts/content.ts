// npm run content -- import <folder> | export <folder> | check <folder>
// Loads exhibitions, news, videos and bulletins from JSON/Markdown files (the demo content in
// content/demo is such a folder), validating every file first and reporting each error with its
// file and field; export writes the database back out in the same format.
import { resolve } from 'node:path'
import { pino } from 'pino'
import { ConfigError, parseConfig } from '../server/config.ts'
import { allContentKinds, ContentValidationError, exportFolder, importFolder, validateFolder } from '../server/content/content-folder.ts'
import { DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createGeo } from '../server/geo/geo.ts'
import { createPlatform } from '../server/platform/platform.ts'

const [command, folder] = process.argv.slice(2)
if (!command || !folder || !['import', 'export', 'check'].includes(command)) {
  console.error('Usage: npm run content -- import <folder> | export <folder> | check <folder>')
  process.exit(2)
}

try {
  const config = parseConfig()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await migrate(db)
  const platform = await createPlatform({ config, db, logger: pino({ level: 'warn' }), geo: createGeo({ lookup: () => null }) })
  const kinds = allContentKinds(platform)
  const root = resolve(folder)
  if (command === 'check') {
    const { problems, byKind } = validateFolder(root, kinds)
    for (const problem of problems) console.error(`${problem.file}: ${problem.field}: ${problem.message}`)
    for (const [kind, files] of byKind) console.log(`${kind.name}: ${files.length} file(s)`)
    process.exitCode = problems.length ? 1 : 0
  } else if (command === 'import') {
    const counts = await db.transaction((tx) => importFolder(platform, tx, root, kinds))
    platform.contentChanged({ scope: '*' })
    console.log(
      `Imported ${Object.entries(counts)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')} from ${root}`,
    )
  } else {
    const counts = await exportFolder(db, root, kinds)
    console.log(
      `Exported ${Object.entries(counts)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')} to ${root}`,
    )
  }
  await platform.close()
  await db.close()
} catch (error) {
  if (error instanceof ContentValidationError) {
    for (const problem of error.problems) console.error(`${problem.file}: ${problem.field}: ${problem.message}`)
    console.error(`Nothing was imported: ${error.problems.length} problem(s).`)
    process.exit(1)
  }
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
