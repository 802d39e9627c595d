import type { AuditRow } from '../../../shared/contracts/console.ts'
import type { Queryable } from '../../db/client.ts'
import { type AuditFilter, auditPage } from './audit.repo.ts'

/** One page of the audit log for the console, newest first, filtered on the server. */
export async function auditList(db: Queryable, query: AuditFilter & { page: number; pageSize: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const { rows, total } = await auditPage(db, query, query.page, query.pageSize)
  return {
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staff: row.staff_id ? { id: row.staff_id, email: row.staff_email ?? '', name: row.staff_name ?? '' } : null,
      function: row.function,
      target: row.target,
      before: row.before,
      after: row.after,
      address: row.address,
    })),
    total,
  }
}
