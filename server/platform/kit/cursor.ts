import { randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/client.ts'

/**
 * The rows of one query, `batch` at a time, from a server-side cursor (docs/product.md#console-exports):
 * memory holds one batch whatever the result's size. A cursor lives in its transaction, so `tx` must be
 * one (`db.transaction`); it is closed when the caller stops early or is done, and a rollback closes
 * it too, which is what happens when a download is cut off.
 */
export async function* cursorRows<Row>(tx: Queryable, sql: string, params: readonly unknown[], batch: number): AsyncGenerator<Row[]> {
  const name = `rows_${randomBytes(8).toString('hex')}`
  await tx.query(`declare ${name} no scroll cursor for ${sql}`, params)
  let finished = false
  try {
    for (;;) {
      const { rows } = await tx.query<Row>(`fetch forward ${batch} from ${name}`)
      if (rows.length) yield rows
      if (rows.length < batch) break
    }
    finished = true
  } finally {
    // After a failed statement the transaction only accepts a rollback, which closes the cursor itself.
    if (finished) await tx.query(`close ${name}`)
    else await tx.query(`close ${name}`).catch(() => {})
  }
}
