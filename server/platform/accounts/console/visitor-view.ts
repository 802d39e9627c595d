import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-visitors.ts'
import type { Queryable } from '../../../db/client.ts'
import { notFound } from '../../errors.ts'
import type { StaffActor } from '../../staff-actor.ts'
import * as repo from './visitors.repo.ts'

type SearchQuery = z.output<typeof contracts.visitorSearch.payload>
type Detail = z.output<typeof contracts.visitorDetailView>

const iso = (value: Date | string) => new Date(value).toISOString()

export const visitorNotFound = () => notFound('console:errors.visitorNotFound')

function rowOf(row: repo.VisitorRow): z.output<typeof contracts.visitorRow> {
  return {
    id: row.id,
    nick: row.nick,
    email: row.email,
    createdAt: iso(row.created_at),
    lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
    blocked: row.blocked_at !== null,
  }
}

export async function visitorSearch(db: Queryable, query: SearchQuery): Promise<z.output<typeof contracts.visitorSearch.result>> {
  const { rows, total } = await repo.searchVisitors(db, query.query, query.page, query.pageSize)
  return { rows: rows.map(rowOf), total }
}

/** The visitor or the translated 404: an erased account answers as one that never existed. */
export async function existingVisitor(db: Queryable, id: string, lock = false): Promise<repo.VisitorRow> {
  const row = await repo.visitorById(db, id, lock)
  if (!row) throw visitorNotFound()
  return row
}

/**
 * A visitor as staff see them. Orders and applications of exhibitions outside a member's limits are
 * left out (and counted), as the orders list and the review queue leave them out.
 */
export async function visitorDetail(db: Queryable, actor: StaffActor, id: string): Promise<Detail> {
  const row = await existingVisitor(db, id)
  const [orders, applications, counts, sessions] = await Promise.all([
    repo.ordersOf(db, id, actor.locale),
    repo.applicationsOf(db, id, row.email, actor.locale),
    repo.countsOf(db, id),
    repo.liveSessionsOf(db, id),
  ])
  const inScope = (exhibitionId: number) => actor.scope === null || actor.scope.includes(exhibitionId)
  const seenOrders = orders.filter((order) => inScope(order.exhibition_id))
  const seenApplications = applications.filter((application) => inScope(application.exhibition_id))
  return {
    ...rowOf(row),
    emailVerified: row.email_verified_at !== null,
    locale: row.locale,
    block: row.blocked_at ? { at: iso(row.blocked_at), reason: row.blocked_reason ?? '' } : null,
    comments: counts.comments,
    follows: counts.follows,
    orders: seenOrders.map((order) => ({
      number: order.number,
      status: order.status,
      exhibitionTitle: order.exhibition_title,
      currency: order.currency,
      totalMinor: order.total_minor,
      createdAt: iso(order.created_at),
      kept: order.kept,
    })),
    hiddenByScope: orders.length - seenOrders.length + applications.length - seenApplications.length,
    applications: seenApplications.map((application) => ({
      reference: application.reference,
      kind: application.kind,
      status: application.status,
      exhibitionTitle: application.exhibition_title,
      createdAt: iso(application.created_at),
    })),
    sessions: sessions.map((session) => ({
      id: session.id,
      kind: session.kind,
      userAgent: session.user_agent ?? '',
      address: session.ip ?? '',
      createdAt: iso(session.created_at),
      lastSeenAt: iso(session.last_seen_at),
    })),
  }
}
