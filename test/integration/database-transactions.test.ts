import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, OuterHandleInTransactionError } from '../../server/db/client.ts'
import { testDatabase } from '../setup/test-app.ts'

/**
 * A query on the database's own handle from inside one of its transactions waits forever on PGlite's
 * one connection and runs outside the transaction on PostgreSQL; both engines refuse it at once, so
 * the suite on either engine finds it (docs/product.md#pglite).
 */
let db: Database

beforeAll(async () => {
  db = await testDatabase()
  await db.exec('drop table if exists transaction_handles_check; create table transaction_handles_check (label text not null)')
})

afterAll(async () => {
  await db.exec('drop table if exists transaction_handles_check')
})

const labels = async () => (await db.query<{ label: string }>('select label from transaction_handles_check order by label')).rows.map((row) => row.label)

describe('the database handle inside its own transactions', () => {
  it('when a transaction queries, writes, copies or notifies on the outer handle, then each is refused and the transaction is undone', async () => {
    await db.exec('delete from transaction_handles_check')
    const outerUses: Array<() => Promise<unknown>> = [
      () => db.query('select 1'),
      () => db.exec("insert into transaction_handles_check values ('outer')"),
      () => db.copyRows('transaction_handles_check', ['label'], 'copied\n'),
      () => db.notify('transaction_handles_check', 'x'),
      () => db.transaction((inner) => inner.query('select 1')),
    ]
    for (const use of outerUses) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("insert into transaction_handles_check values ('inside')")
          await use()
        }),
      ).rejects.toBeInstanceOf(OuterHandleInTransactionError)
    }
    expect(await labels()).toEqual([])
  })

  it('when the transaction uses its own handle, then it commits; work it left running may use the outer handle once it has ended', async () => {
    await db.exec('delete from transaction_handles_check')
    let leftRunning: Promise<unknown> = Promise.resolve()
    let ended = () => {}
    const end = new Promise<void>((resolve) => {
      ended = resolve
    })
    await db.transaction(async (tx) => {
      await tx.query("insert into transaction_handles_check values ('committed')")
      leftRunning = end.then(() => db.query("insert into transaction_handles_check values ('after')"))
    })
    ended()
    await leftRunning
    expect(await labels()).toEqual(['after', 'committed'])
  })

  it('when two transactions run side by side, then neither is taken for the other', async () => {
    await db.exec('delete from transaction_handles_check')
    await Promise.all(
      ['a', 'b'].map((label) =>
        db.transaction(async (tx) => {
          await tx.query('insert into transaction_handles_check values ($1)', [label])
        }),
      ),
    )
    await db.query("insert into transaction_handles_check values ('c')")
    expect(await labels()).toEqual(['a', 'b', 'c'])
  })

  it('when a notification sent in a transaction is heard, then its listener may use the outer handle', async () => {
    await db.exec('delete from transaction_handles_check')
    let written: (outcome: Promise<unknown>) => void = () => {}
    const heard = new Promise<unknown>((resolve) => {
      written = resolve
    })
    await db.listen('transaction_handles_heard', (payload) => written(db.query('insert into transaction_handles_check values ($1)', [payload])))
    await db.transaction(async (tx) => {
      await tx.query("select pg_notify('transaction_handles_heard', 'heard')")
    })
    await heard
    expect(await labels()).toEqual(['heard'])
  })
})
