import type { Database, Queryable } from '../db/client.ts'
import type { DEMO_TABLES } from './demo-marks.ts'

type DemoTable = (typeof DEMO_TABLES)[number]

export interface KeptDemoItem {
  table: DemoTable
  id: number
  /** The slug, address or code people know it by. */
  name: string
  reason: 'inUse' | 'changed'
}

export interface DemoRemoval {
  removed: Record<DemoTable, number>
  kept: KeptDemoItem[]
}

/**
 * What keeps a demo row. "In use": real records point at it (orders, e-tickets, applications,
 * exhibitors or check-ins of an exhibition; order lines of a ticket type; orders of a coupon), or an organiser
 * added something of their own to it (a ticket type or coupon of a demo exhibition); a ticket type
 * or coupon of an exhibition that stays, stays with it. "Changed": an
 * organiser edited it after the seed (its updated_at moved past created_at, which the seed wrote in
 * one transaction). The verification register has neither: a demo channel or document never becomes
 * official by being retired or edited (re-adding it in the console makes it the organiser's: the
 * register's upsert clears the mark).
 */
const RULES: Array<{ table: DemoTable; name: string; inUse: string | null; changed: string | null }> = [
  // Demo booths go before the exhibitors they were sold to (a booth's exhibitor restricts); one the
  // organiser changed stays, and keeps its exhibitor. The halls go with their exhibition.
  {
    table: 'booths',
    name: `(select slug from exhibitions x where x.id = t.exhibition_id) || '/' || t.number`,
    inUse: null,
    changed: 't.updated_at > t.created_at',
  },
  // Then demo exhibitors: an exhibitor holds its exhibition and its company (foreign keys that
  // restrict). One that someone joined, or whose team holds passes, stays; a company stays while any exhibitor is left on it or
  // when its profile was saved; an exhibition stays while any exhibitor is left at it.
  {
    table: 'exhibitors',
    name: `(select slug from exhibitor_companies c where c.id = t.company_id) || '@' || (select slug from exhibitions x where x.id = t.exhibition_id)`,
    inUse: `exists (select 1 from exhibitor_members m where m.exhibitor_id = t.id) or exists (select 1 from booths b where b.exhibitor_id = t.id)
      or exists (select 1 from ticket_orders o where o.pass_exhibitor_id = t.id)`,
    changed: null,
  },
  {
    table: 'exhibitor_companies',
    name: 'slug',
    // A channel the organiser's verifier recorded for it is the organiser's work (its key cascades).
    inUse: `exists (select 1 from exhibitors x where x.company_id = t.id)
      or exists (select 1 from verification_channels v where v.exhibitor_company_id = t.id and not v.demo)`,
    changed: 't.updated_at > t.created_at',
  },
  {
    table: 'exhibitions',
    name: 'slug',
    inUse: `exists (select 1 from ticket_orders o where o.exhibition_id = t.id)
      or exists (select 1 from e_tickets e where e.exhibition_id = t.id)
      or exists (select 1 from applications a where a.exhibition_id = t.id)
      or exists (select 1 from checkin_scans c where c.exhibition_id = t.id)
      or exists (select 1 from ticket_types y where y.exhibition_id = t.id and not y.demo)
      or exists (select 1 from coupons c where c.exhibition_id = t.id and not c.demo)
      or exists (select 1 from exhibitors x where x.exhibition_id = t.id)
      or exists (select 1 from booths b where b.exhibition_id = t.id and not b.demo)`,
    changed: 't.updated_at > t.created_at',
  },
  {
    table: 'ticket_types',
    name: `(select slug from exhibitions x where x.id = t.exhibition_id) || '/' || t.key`,
    inUse: `exists (select 1 from exhibitions x where x.id = t.exhibition_id and not x.demo)
      or exists (select 1 from ticket_order_lines l where l.ticket_type_id = t.id)
      or exists (select 1 from e_tickets e where e.ticket_type_id = t.id)`,
    changed: 't.updated_at > t.created_at',
  },
  {
    table: 'coupons',
    name: 'code',
    inUse: `exists (select 1 from exhibitions x where x.id = t.exhibition_id and not x.demo)
      or exists (select 1 from ticket_orders o where o.coupon_id = t.id)`,
    changed: null,
  },
  { table: 'adverts', name: 'slug', inUse: null, changed: 't.updated_at > t.created_at' },
  { table: 'news_articles', name: 'slug', inUse: null, changed: 't.updated_at > t.created_at' },
  { table: 'videos', name: 'slug', inUse: null, changed: 't.updated_at > t.created_at' },
  { table: 'bulletins', name: 'slug', inUse: null, changed: 't.updated_at > t.created_at' },
  { table: 'search_brokers', name: `coalesce(t.trader_code, t.id::text)`, inUse: null, changed: 't.updated_at > t.created_at' },
  { table: 'verification_channels', name: `t.kind || ':' || t.display`, inUse: null, changed: null },
  { table: 'verification_documents', name: 'sha256', inUse: null, changed: null },
]

/**
 * `npm run content -- remove-demo`: deletes what the demo seeder wrote (migration 0190's marks),
 * keeping what is in use or was changed, and unmarking what it keeps, which becomes the
 * organiser's (so the banner goes). Children go with their rows by their foreign keys (texts,
 * agenda, partners, photos, licences, search terms...). One transaction: all or nothing; running
 * it again finds nothing to do. The seed_runs records stay, so DEMO_CONTENT=on never seeds again.
 */
export async function removeDemoContent(db: Database): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const removed = {} as Record<DemoTable, number>
    const kept: KeptDemoItem[] = []
    for (const rule of RULES) {
      const reason = [rule.inUse ? `when ${rule.inUse} then 'inUse'` : null, rule.changed ? `when ${rule.changed} then 'changed'` : null].filter(Boolean)
      if (reason.length) {
        const keep = await tx.query<{ id: number; name: string; reason: KeptDemoItem['reason'] }>(
          `update ${rule.table} t set demo = false
            from (select t.id, ${nameSql(rule.name)} as name, case ${reason.join(' ')} end as reason from ${rule.table} t where t.demo) k
           where t.id = k.id and k.reason is not null
           returning t.id, k.name, k.reason`,
        )
        kept.push(...keep.rows.sort((a, b) => a.id - b.id).map((row) => ({ table: rule.table, ...row })))
      }
      removed[rule.table] = await deleteMarked(tx, rule.table)
    }
    return { removed, kept }
  })
}

const nameSql = (name: string) => (/^[a-z_0-9]+$/.test(name) ? `t.${name}` : name)

async function deleteMarked(tx: Queryable, table: DemoTable): Promise<number> {
  return (await tx.query(`delete from ${table} where demo`)).rowCount
}
