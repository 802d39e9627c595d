import type { Queryable } from '../../db/client.ts'

/** SQL of the staff audit log (append only: a trigger refuses UPDATE and DELETE). */

export interface AuditInsert {
  at: Date
  staffId: string | null
  function: string
  target: string | null
  before: unknown
  after: unknown
  address: string | null
}

export async function insertAudit(tx: Queryable, row: AuditInsert): Promise<void> {
  await tx.query('insert into staff_audit (at, staff_id, function, target, before, after, address) values ($1, $2, $3, $4, $5, $6, $7)', [
    row.at,
    row.staffId,
    row.function,
    row.target,
    row.before === undefined ? null : JSON.stringify(row.before),
    row.after === undefined ? null : JSON.stringify(row.after),
    row.address,
  ])
}

export interface AuditFilter {
  staffId?: string | undefined
  function?: string | undefined
  target?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

export interface AuditListRow {
  id: string
  at: Date
  staff_id: string | null
  staff_email: string | null
  staff_name: string | null
  function: string
  target: string | null
  before: unknown
  after: unknown
  address: string | null
}

/** One page of the log, newest first, and how many rows match. */
export async function auditPage(db: Queryable, filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditListRow[]; total: number }> {
  const where = `($1::uuid is null or a.staff_id = $1) and ($2::text is null or a.function = $2) and ($3::text is null or a.target = $3)
    and ($4::timestamptz is null or a.at >= $4) and ($5::timestamptz is null or a.at < $5)`
  const params = [filter.staffId ?? null, filter.function ?? null, filter.target ?? null, filter.from ?? null, filter.to ?? null]
  const [rows, count] = await Promise.all([
    db.query<AuditListRow>(
      `select a.id::text as id, a.at, a.staff_id, m.email as staff_email, m.name as staff_name, a.function, a.target, a.before, a.after, a.address
         from staff_audit a left join staff_members m on m.id = a.staff_id
        where ${where} order by a.at desc, a.id desc limit $6 offset $7`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from staff_audit a where ${where}`, params),
  ])
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 }
}
