import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyLine, type Database } from '../../server/db/client.ts'
import { testDatabase } from '../setup/test-app.ts'

/** COPY through the database interface (copyRows), the way bulk loads write on both databases. */
let db: Database

const COLUMNS = ['label', 'amount', 'flag', 'note'] as const
type Row = { label: string; amount: number; flag: boolean; note: string | null }

beforeAll(async () => {
  db = await testDatabase()
  await db.exec(
    'drop table if exists copy_rows_check; create table copy_rows_check (label text not null, amount int not null, flag boolean not null, note text)',
  )
})

afterAll(async () => {
  await db.exec('drop table if exists copy_rows_check')
})

const rows = () => db.query<Row>('select label, amount, flag, note from copy_rows_check order by amount')
const linesOf = (values: Row[]) => values.map((row) => copyLine([row.label, row.amount, row.flag, row.note])).join('')

describe('copyRows', () => {
  it('keeps every character a field can hold: backslashes, tabs, line ends, CJK, and tells null from the text "\\N"', async () => {
    await db.exec('truncate copy_rows_check')
    const written: Row[] = [
      { label: '王小明', amount: 1, flag: true, note: null },
      { label: 'back\\slash', amount: 2, flag: false, note: '\\N' },
      { label: 'tab\there', amount: 3, flag: true, note: 'line\nend\r\nwindows' },
      { label: ' spaces kept ', amount: 4, flag: false, note: '' },
    ]
    await db.copyRows('copy_rows_check', COLUMNS, linesOf(written))
    expect((await rows()).rows).toEqual(written)
  })

  it('writes inside a transaction, and a refused row undoes the whole transaction', async () => {
    await db.exec('truncate copy_rows_check')
    await db.transaction(async (tx) => {
      await tx.copyRows('copy_rows_check', COLUMNS, linesOf([{ label: 'kept', amount: 1, flag: true, note: null }]))
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.copyRows('copy_rows_check', COLUMNS, linesOf([{ label: 'undone', amount: 2, flag: true, note: null }]))
        await tx.copyRows('copy_rows_check', COLUMNS, copyLine(['no amount', 'many', true, null]))
      }),
    ).rejects.toThrow()
    expect((await rows()).rows.map((row) => row.label)).toEqual(['kept'])
  })

  it('writes nothing for no lines', async () => {
    await db.exec('truncate copy_rows_check')
    await db.copyRows('copy_rows_check', COLUMNS, '')
    expect((await rows()).rows).toEqual([])
  })
})
