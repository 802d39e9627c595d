import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { JOBS_CHANNEL, nudgeAfterCommit } from '../../server/platform/jobs.ts'
import { MAIL_JOB, queueMail } from '../../server/platform/mailer.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp } from '../setup/test-app.ts'

/**
 * Work a person waits for runs when its transaction commits, not at its job's next tick
 * (docs/product.md#mail-after-commit): the transaction asks on the database's notification channel,
 * which every instance hears, and each instance's jobs run the named one.
 */

let db: Database
let platform: Platform
/** What the channel carried, in order; `until(marker)` resolves when that payload arrives. */
const heard: string[] = []
const waiting = new Map<string, () => void>()
const until = (marker: string) => new Promise<void>((resolve) => waiting.set(marker, resolve))

beforeAll(async () => {
  ;({ db, platform } = await createTestApp({ domains: [] }))
})

const mail = { to: 'nudge@example.com', subject: 'Your code', text: '123456' }

describe('background work asked for on commit', () => {
  it('when a transaction asks for a job, then its round runs after the commit, long before its timer', async () => {
    let ran = () => {}
    const round = new Promise<void>((resolve) => {
      ran = resolve
    })
    // An hour's timer: only the nudge can bring this round within the test.
    platform.jobs.every('test.waited-for', 3_600_000, async () => ran())
    platform.jobs.start()
    await db.transaction((tx) => nudgeAfterCommit(tx, 'test.waited-for'))
    await round
    await platform.jobs.stop()
  })

  it('when mail is queued, then the mail job is asked for once the transaction commits, once for several messages, and never on a rollback', async () => {
    // Last: on PostgreSQL this listener takes the channel over from the platform's.
    await db.listen(JOBS_CHANNEL, (payload) => {
      heard.push(payload)
      waiting.get(payload)?.()
    })
    await db
      .transaction(async (tx) => {
        await queueMail(tx, mail)
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    await db.transaction(async (tx) => {
      await queueMail(tx, mail)
      await queueMail(tx, mail)
      await queueMail(tx, mail)
      // Nothing may be heard before the commit: the worker would find no row.
      expect(heard).toEqual([])
    })
    // Notifications arrive in commit order: once the marker is heard, whatever came before it is in.
    const marked = until('marker-1')
    await db.notify(JOBS_CHANNEL, 'marker-1')
    await marked
    expect(heard).toEqual([MAIL_JOB, 'marker-1'])
  })
})
