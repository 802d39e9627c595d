import type { Queryable } from '../db/client.ts'

/**
 * The tables whose rows the demo seeder writes and marks (`demo`, migrations 0190, 0241 and 0260). Children of
 * these rows (texts, agenda, partners, licences, ...) go with them by their foreign keys.
 */
export const DEMO_TABLES = [
  'exhibitions',
  'adverts',
  'news_articles',
  'videos',
  'bulletins',
  'verification_channels',
  'verification_documents',
  'search_brokers',
  'ticket_types',
  'coupons',
  'exhibitor_companies',
  'exhibitors',
  'booths',
] as const

/**
 * Marks every row of DEMO_TABLES that the current transaction wrote: a row's xmin is the id of the
 * transaction that last wrote it, so inside a domain's seed transaction this is exactly what the
 * seed inserted, whatever path (content import, service call, plain SQL) it took.
 */
export async function markDemoRows(tx: Queryable): Promise<void> {
  for (const table of DEMO_TABLES) await tx.query(`update ${table} set demo = true where xmin = pg_current_xact_id()::xid and not demo`)
}

/** Whether any demo row is left (the banner on every page, the console's "before you go live" list). */
export async function demoContentPresent(db: Queryable): Promise<boolean> {
  const result = await db.query<{ present: boolean }>(
    `select ${DEMO_TABLES.map((table) => `exists (select 1 from ${table} where demo)`).join(' or ')} as present`,
  )
  return result.rows[0]?.present === true
}

export interface DemoContentState {
  /** The last known answer of demoContentPresent: what every page of this instance says. */
  present(): boolean
  /** Asks the database again; `onFlip` runs when the answer changed. */
  refresh(): Promise<boolean>
}

/**
 * Keeps whether demo content is present, for the banner that every page shows while it is. Pages
 * are cached, so a change of the answer calls `onFlip` (which empties the caches): a page rendered
 * between a removal and the refresh that notices it is not kept.
 */
export async function trackDemoContent(db: Queryable, onFlip: () => void, onError: (error: unknown) => void): Promise<DemoContentState> {
  let present = await demoContentPresent(db)
  const ask = async () => {
    try {
      const now = await demoContentPresent(db)
      if (now !== present) {
        present = now
        onFlip()
      }
    } catch (error) {
      // The database is away: the banner keeps its last state until the next change.
      onError(error)
    }
    return present
  }
  // A burst of changes asks at most twice: the question under way, and one more after it (a change
  // during a question may not be in its answer). Whoever awaits gets the answer that includes them.
  let running: Promise<boolean> | null = null
  let next: Promise<boolean> | null = null
  const refresh = (): Promise<boolean> => {
    if (!running) {
      running = ask().finally(() => {
        running = null
      })
      return running
    }
    next ??= running.then(() => {
      next = null
      return refresh()
    })
    return next
  }
  return { present: () => present, refresh }
}
