// npm run content -- import <folder> | export <folder> | check <folder> | remove-demo
// Loads exhibitions, news, videos and bulletins from JSON/Markdown files (the demo content in
// content/demo is such a folder), validating every file first and reporting each error with its
// file and field; export writes the database back out in the same format. remove-demo deletes what
// the demo seeder wrote, keeping what an organiser uses or changed (server/content/remove-demo.ts),
// on DATABASE_URL or the embedded database under DATA_DIR (stop the site first when embedded).
import { resolve } from 'node:path'
import { pino } from 'pino'
import { ConfigError, parseConfig } from '../server/config.ts'
import { allContentKinds, ContentValidationError, exportFolder, importFolder, validateFolder } from '../server/content/content-folder.ts'
import { type DemoRemoval, removeDemoContent } from '../server/content/remove-demo.ts'
import { DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createGeo } from '../server/geo/geo.ts'
import { createPlatform } from '../server/platform/platform.ts'

const [command, folder = ''] = process.argv.slice(2)
if (!command || !(command === 'remove-demo' ? !folder : folder && ['import', 'export', 'check'].includes(command))) {
  console.error('Usage: npm run content -- import <folder> | export <folder> | check <folder> | remove-demo')
  process.exit(2)
}

const REASONS = { inUse: 'in use (orders, applications, check-ins, or an organiser added to it)', changed: 'changed by an organiser after seeding' }

function reportRemoval({ removed, kept }: DemoRemoval) {
  const total = Object.values(removed).reduce((sum, count) => sum + count, 0)
  if (!total && !kept.length) {
    console.log('No demo content in this database: nothing to remove.')
    return
  }
  console.log(
    `Removed ${total} demo item(s): ${Object.entries(removed)
      .filter(([, count]) => count)
      .map(([table, count]) => `${count} ${table}`)
      .join(', ')}`,
  )
  if (kept.length) {
    console.log(`Kept ${kept.length} demo item(s), now yours (check and edit them in the console):`)
    for (const item of kept) console.log(`  ${item.table} ${item.name}: ${REASONS[item.reason]}`)
  }
  console.log('The demo banner is gone; the demo is not seeded again (set DEMO_CONTENT=off all the same).')
}

try {
  const config = parseConfig()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await migrate(db)
  const platform = await createPlatform({ config, db, logger: pino({ level: 'warn' }), geo: createGeo({ lookup: () => null }) })
  const kinds = allContentKinds(platform)
  const root = resolve(folder)
  if (command === 'remove-demo') {
    reportRemoval(await removeDemoContent(db))
    // Pages of running instances on the same database show the banner until they hear of it.
    platform.contentChanged({ scope: '*' })
    await platform.demo.refresh()
  } else if (command === 'check') {
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
