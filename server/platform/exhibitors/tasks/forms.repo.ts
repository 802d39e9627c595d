import type { Queryable } from '../../../db/client.ts'
import type { Locale } from '../../../../shared/languages.ts'

/** SQL of priced forms (0330_exhibitor_forms.sql): a form task's currency and items, the exhibitors domain's own. */

export interface FormItemRow {
  id: number
  task_id: number
  labels: Partial<Record<Locale, string>>
  units: Partial<Record<Locale, string>>
  unit_price_minor: number
  max_quantity: number
}

export async function itemsOf(db: Queryable, taskIds: readonly number[]): Promise<FormItemRow[]> {
  if (!taskIds.length) return []
  const result = await db.query<FormItemRow>(
    `select id::int as id, task_id::int as task_id, labels, units, unit_price_minor, max_quantity from exhibitor_form_items
     where task_id = any($1::bigint[]) order by task_id, sort, id`,
    [taskIds],
  )
  return result.rows
}

export async function currenciesOf(db: Queryable, taskIds: readonly number[]): Promise<Map<number, string>> {
  if (!taskIds.length) return new Map()
  const result = await db.query<{ id: number; form_currency: string }>(
    'select id::int as id, form_currency from exhibitor_tasks where id = any($1::bigint[]) and form_currency is not null',
    [taskIds],
  )
  return new Map(result.rows.map((row) => [row.id, row.form_currency]))
}

export interface FormItemInput {
  id?: number | undefined
  labels: Partial<Record<Locale, string>>
  units: Partial<Record<Locale, string>>
  priceMinor: number
  maxQuantity: number
}

/**
 * The form's currency and items as saved: an item sent with its id keeps it (an exhibitor's open page
 * still names it), the others are new, and those not sent are gone. Null currency: not a form (any
 * items go). False when an id is not one of the task's items.
 */
export async function replaceForm(tx: Queryable, taskId: number, form: { currency: string; items: FormItemInput[] } | null): Promise<boolean> {
  await tx.query('update exhibitor_tasks set form_currency = $2 where id = $1', [taskId, form?.currency ?? null])
  const items = form?.items ?? []
  const kept = items.flatMap((item) => (item.id === undefined ? [] : [item.id]))
  await tx.query('delete from exhibitor_form_items where task_id = $1 and not (id = any($2::bigint[]))', [taskId, kept])
  for (const [sort, item] of items.entries()) {
    const values = [JSON.stringify(item.labels), JSON.stringify(item.units), item.priceMinor, item.maxQuantity, sort]
    if (item.id === undefined) {
      await tx.query('insert into exhibitor_form_items (task_id, labels, units, unit_price_minor, max_quantity, sort) values ($1, $2, $3, $4, $5, $6)', [
        taskId,
        ...values,
      ])
    } else {
      const result = await tx.query(
        'update exhibitor_form_items set labels = $3, units = $4, unit_price_minor = $5, max_quantity = $6, sort = $7 where task_id = $1 and id = $2',
        [taskId, item.id, ...values],
      )
      if (result.rowCount === 0) return false
    }
  }
  return true
}

/** The currency a new form's prices are in: the floor plan's, else the tickets', else US dollars. */
export async function exhibitionCurrency(db: Queryable, exhibitionId: number): Promise<string> {
  const result = await db.query<{ currency: string | null }>(
    `select coalesce((select currency from floor_plans where exhibition_id = $1),
       (select currency from ticket_types where exhibition_id = $1 order by id limit 1)) as currency`,
    [exhibitionId],
  )
  return result.rows[0]?.currency ?? 'USD'
}

/** A form task's fact is its paid order: the confirmation row says so, and goes when staff cancel that order. */
export async function unconfirm(tx: Queryable, taskId: number, exhibitorId: number): Promise<void> {
  await tx.query('delete from exhibitor_task_confirmations where task_id = $1 and exhibitor_id = $2', [taskId, exhibitorId])
}
