import type { StaffListItem, StaffMember } from '../../../shared/contracts/console.ts'
import type { MemberRow } from './members.repo.ts'

/** A member as the console shows itself to them (console$me). */
export function memberView(row: MemberRow): StaffMember {
  return { id: row.id, email: row.email, name: row.name, roles: row.roles, exhibitionIds: row.exhibition_ids, language: row.language }
}

/** A member as the staff list shows it to an owner. */
export function listItemView(row: MemberRow): StaffListItem {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    exhibitionIds: row.exhibition_ids,
    status: row.status,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  }
}

/** What the audit log records of a member: the fields a change may touch, never secrets. */
export function auditedMember(row: MemberRow) {
  return { email: row.email, name: row.name, roles: row.roles, exhibitionIds: row.exhibition_ids, language: row.language, status: row.status }
}
