import { readSheet } from 'read-excel-file/node'
import { describe, expect, it } from 'vitest'
import type { Cell } from './csv.ts'
import { columnName, xlsxBytes } from './xlsx-stream.ts'

async function* batchesOf(...batches: Cell[][][]) {
  yield* batches
}

async function workbook(header: string[], ...batches: Cell[][][]) {
  const chunks: Uint8Array[] = []
  for await (const chunk of xlsxBytes(header, batchesOf(...batches))) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('XLSX written as it goes', () => {
  it('when rows arrive in several batches, then the sheet holds them in order, text as text and numbers as numbers', async () => {
    const file = await workbook(['Name', 'Total'], [['=1+2', 299]], [['王小明 <b>&</b>', 0.5]], [[null, 12]])
    expect(await readSheet(file)).toEqual([
      ['Name', 'Total'],
      ['=1+2', 299],
      ['王小明 <b>&</b>', 0.5],
      [null, 12],
    ])
  })

  it('when a text carries characters XML cannot hold, then they are left out or replaced and the file still opens', async () => {
    const file = await workbook(['Name'], [['a\u0000b\u001fc\ufffe'], ['line\none\ttab'], ['lone \ud800 surrogate']])
    expect((await readSheet(file)).slice(1)).toEqual([['abc'], ['line\none\ttab'], ['lone \ufffd surrogate']])
  })

  it('when columns go past Z, then their references run on as a spreadsheet names them', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA'])
  })
})
