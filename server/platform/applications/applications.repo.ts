import type { Queryable } from '../../db/client.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { ApplicationKind, ApplicationStatus } from '../../../shared/contracts/applications.ts'

/** SQL of the applications domain. Exhibitions are read from the core table (0001_core.sql). */

export interface ExhibitionRow {
  id: number
  slug: string
  title: string
  city: string
  country_code: string
  starts_at: Date
  ends_at: Date
  time_zone: string
  open: boolean
}

/**
 * Title and city in the caller's language, along the content fallback chain (the city of a text row
 * is the exhibitions domain's localised one, 0010_exhibitions.sql); the slug and the core city otherwise.
 */
const TEXTS = `left join lateral (select t.title, t.city from exhibition_texts t where t.exhibition_id = e.id and t.locale = any($1::text[])
  order by array_position($1::text[], t.locale) limit 1) t on true`
const TITLE = 'coalesce(t.title, e.slug)'
const CITY = "coalesce(nullif(t.city, ''), e.city)"

/** Taking applications: published, opened by the organiser, and not over yet. */
const OPEN = 'e.published and e.applications_open and e.ends_at > now()'

export async function findOpenExhibitions(db: Queryable, locale: Locale): Promise<ExhibitionRow[]> {
  const result = await db.query<ExhibitionRow>(
    `select e.id, e.slug, ${TITLE} as title, ${CITY} as city, e.country_code, e.starts_at, e.ends_at, e.time_zone, true as open
     from exhibitions e ${TEXTS} where ${OPEN} order by e.starts_at, e.id limit 50`,
    [contentFallbackChain(locale)],
  )
  return result.rows
}

export async function findExhibition(db: Queryable, id: number, locale: Locale): Promise<ExhibitionRow | null> {
  const result = await db.query<ExhibitionRow>(
    `select e.id, e.slug, ${TITLE} as title, ${CITY} as city, e.country_code, e.starts_at, e.ends_at, e.time_zone, (${OPEN}) as open
     from exhibitions e ${TEXTS} where e.id = $2`,
    [contentFallbackChain(locale), id],
  )
  return result.rows[0] ?? null
}

/** Everything stored of one application, as columns. */
export interface ApplicationFields {
  kind: ApplicationKind
  exhibitionId: number
  email: string
  phoneE164: string | null
  phoneCountry: string | null
  companyName: string | null
  website: string | null
  contactPerson: string | null
  boothSize: string | null
  boothWidth: number | null
  boothDepth: number | null
  method: string | null
  surname: string | null
  givenName: string | null
  position: string | null
  identity: string | null
  industry: string | null
}

export interface NewApplication extends ApplicationFields {
  reference: string
  accountId: string | null
  locale: Locale
  idempotencyKey: string
  contentHash: string
  ip: string | null
}

export interface StoredApplication {
  id: number
  reference: string
  account_id: string | null
  email: string
  content_hash: string
  idempotency_key: string
  created_at: Date
}

const STORED = 'id, reference, account_id, email, content_hash, idempotency_key::text as idempotency_key, created_at'

/**
 * Inserts unless the key, the content or the reference already exists (then returns null and the
 * caller looks for the twin). On PostgreSQL a concurrent twin makes this wait for the other
 * transaction and then do nothing, so two identical submissions never make two rows.
 */
export async function insertApplication(tx: Queryable, row: NewApplication): Promise<StoredApplication | null> {
  const result = await tx.query<StoredApplication>(
    `insert into applications (reference, kind, exhibition_id, account_id, locale, email, phone_e164, phone_country,
       company_name, website, contact_person, booth_size, booth_width_m, booth_depth_m, exhibiting_method,
       surname, given_name, position, identity, industry, idempotency_key, content_hash, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
     on conflict do nothing
     returning ${STORED}`,
    [
      row.reference,
      row.kind,
      row.exhibitionId,
      row.accountId,
      row.locale,
      row.email,
      row.phoneE164,
      row.phoneCountry,
      row.companyName,
      row.website,
      row.contactPerson,
      row.boothSize,
      row.boothWidth,
      row.boothDepth,
      row.method,
      row.surname,
      row.givenName,
      row.position,
      row.identity,
      row.industry,
      row.idempotencyKey,
      row.contentHash,
      row.ip,
    ],
  )
  return result.rows[0] ?? null
}

export async function findByKey(db: Queryable, idempotencyKey: string): Promise<StoredApplication | null> {
  const result = await db.query<StoredApplication>(`select ${STORED} from applications where idempotency_key = $1`, [idempotencyKey])
  return result.rows[0] ?? null
}

export async function findByContent(db: Queryable, contentHash: string): Promise<StoredApplication | null> {
  const result = await db.query<StoredApplication>(`select ${STORED} from applications where content_hash = $1`, [contentHash])
  return result.rows[0] ?? null
}

export async function linkAccount(tx: Queryable, id: number, accountId: string): Promise<void> {
  await tx.query('update applications set account_id = $2, updated_at = now() where id = $1 and account_id is null', [id, accountId])
}

export async function accountEmail(db: Queryable, accountId: string): Promise<string | null> {
  const result = await db.query<{ email: string }>('select email from accounts where id = $1', [accountId])
  return result.rows[0]?.email ?? null
}

export interface AccountApplicationRow {
  reference: string
  kind: ApplicationKind
  status: ApplicationStatus
  created_at: Date
  exhibition_id: number
  title: string
  city: string
  starts_at: Date
  ends_at: Date
  time_zone: string
  company_name: string | null
  surname: string | null
  given_name: string | null
  position: string | null
  booth_size: string | null
  booth_width_m: string | number | null
  booth_depth_m: string | number | null
  applicant_note: string | null
  decided_at: Date | null
}

export async function listForAccount(db: Queryable, accountId: string, locale: Locale): Promise<AccountApplicationRow[]> {
  const result = await db.query<AccountApplicationRow>(
    `select a.reference, a.kind, a.status, a.created_at, e.id as exhibition_id, ${TITLE} as title, ${CITY} as city, e.starts_at, e.ends_at, e.time_zone,
       a.company_name, a.surname, a.given_name, a.position, a.booth_size, a.booth_width_m, a.booth_depth_m, a.applicant_note, a.decided_at
     from applications a join exhibitions e on e.id = a.exhibition_id ${TEXTS}
     where a.account_id = $2 order by a.created_at desc, a.id desc limit 200`,
    [contentFallbackChain(locale), accountId],
  )
  return result.rows
}

/** What the organiser filters the list by (npm run applications). */
export interface OrganiserFilters {
  kind?: ApplicationKind | undefined
  /** Exhibition id or slug. */
  exhibition?: string | undefined
  status?: ApplicationStatus | undefined
  /** Inclusive lower bound of the submission instant. */
  since?: Date | undefined
  /** Exclusive upper bound of the submission instant. */
  until?: Date | undefined
  /** Part of the e-mail, company, contact person, name or reference (case-insensitive). */
  search?: string | undefined
  limit?: number | undefined
}

export interface OrganiserRow {
  reference: string
  kind: ApplicationKind
  status: ApplicationStatus
  created_at: Date
  locale: string
  exhibition_id: number
  exhibition_slug: string
  exhibition_title: string
  email: string
  phone_e164: string | null
  company_name: string | null
  website: string | null
  contact_person: string | null
  booth_size: string | null
  booth_width_m: string | number | null
  booth_depth_m: string | number | null
  exhibiting_method: string | null
  surname: string | null
  given_name: string | null
  position: string | null
  identity: string | null
  industry: string | null
  linked_account: boolean
}

/** Escapes LIKE's wildcards so a search for `50%` finds that text, not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`

export async function listForOrganiser(db: Queryable, filters: OrganiserFilters): Promise<OrganiserRow[]> {
  const where: string[] = []
  const params: unknown[] = [contentFallbackChain('en')]
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    where.push(condition(`$${params.length}`))
  }
  if (filters.kind) add((p) => `a.kind = ${p}`, filters.kind)
  if (filters.status) add((p) => `a.status = ${p}`, filters.status)
  if (filters.exhibition) {
    if (/^\d{1,9}$/.test(filters.exhibition)) add((p) => `e.id = ${p}::int`, filters.exhibition)
    else add((p) => `e.slug = ${p}`, filters.exhibition)
  }
  if (filters.since) add((p) => `a.created_at >= ${p}`, filters.since)
  if (filters.until) add((p) => `a.created_at < ${p}`, filters.until)
  if (filters.search) {
    add(
      (p) =>
        `(a.email ilike ${p} or a.reference ilike ${p} or a.company_name ilike ${p} or a.contact_person ilike ${p}
          or a.surname ilike ${p} or a.given_name ilike ${p})`,
      likePattern(filters.search),
    )
  }
  params.push(Math.min(Math.max(filters.limit ?? 10_000, 1), 100_000))
  const result = await db.query<OrganiserRow>(
    `select a.reference, a.kind, a.status, a.created_at, a.locale, e.id as exhibition_id, e.slug as exhibition_slug, ${TITLE} as exhibition_title,
       a.email, a.phone_e164, a.company_name, a.website, a.contact_person, a.booth_size, a.booth_width_m, a.booth_depth_m, a.exhibiting_method,
       a.surname, a.given_name, a.position, a.identity, a.industry, a.account_id is not null as linked_account
     from applications a join exhibitions e on e.id = a.exhibition_id ${TEXTS}
     ${where.length ? `where ${where.join(' and ')}` : ''}
     order by a.created_at desc, a.id desc limit $${params.length}`,
    params,
  )
  return result.rows
}

/** The organiser's review queue (console): one page, limited to the member's exhibitions. */
export interface ReviewFilter {
  /** Exhibition ids the member may see; null: all. */
  scope: readonly number[] | null
  locale: Locale
  exhibitionId: number | null
  kind: ApplicationKind | null
  status: ApplicationStatus | null
  search: string | null
}

export interface ReviewRow extends OrganiserRow {
  id: number
  applicant_note: string | null
  decided_at: Date | null
  updated_at: Date
  country_code: string | null
  phone_country: string | null
}

function reviewWhere(filter: ReviewFilter, params: unknown[]): string {
  const where: string[] = []
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    where.push(condition(`$${params.length}`))
  }
  if (filter.scope !== null) add((p) => `a.exhibition_id = any(${p}::int[])`, filter.scope)
  if (filter.exhibitionId !== null) add((p) => `a.exhibition_id = ${p}`, filter.exhibitionId)
  if (filter.kind) add((p) => `a.kind = ${p}`, filter.kind)
  if (filter.status) add((p) => `a.status = ${p}`, filter.status)
  if (filter.search) {
    add(
      (p) =>
        `(a.email ilike ${p} or a.reference ilike ${p} or a.company_name ilike ${p} or a.contact_person ilike ${p}
          or a.surname ilike ${p} or a.given_name ilike ${p} or (a.given_name || ' ' || a.surname) ilike ${p} or (a.surname || a.given_name) ilike ${p})`,
      likePattern(filter.search),
    )
  }
  return where.length ? `where ${where.join(' and ')}` : ''
}

const REVIEW_COLUMNS = `a.id, a.reference, a.kind, a.status, a.created_at, a.updated_at, a.locale, e.id as exhibition_id, e.slug as exhibition_slug,
  ${TITLE} as exhibition_title, a.email, a.phone_e164, a.phone_country, a.company_name, a.website, a.contact_person, a.booth_size, a.booth_width_m,
  a.booth_depth_m, a.exhibiting_method, a.surname, a.given_name, a.position, a.identity, a.industry, a.account_id is not null as linked_account,
  a.applicant_note, a.decided_at, null::text as country_code`

export async function reviewPage(db: Queryable, filter: ReviewFilter, page: number, pageSize: number): Promise<{ rows: ReviewRow[]; total: number }> {
  const countParams: unknown[] = []
  const counted = await db.query<{ total: number }>(`select count(*)::int as total from applications a ${reviewWhere(filter, countParams)}`, countParams)
  const params: unknown[] = [contentFallbackChain(filter.locale)]
  const where = reviewWhere(filter, params)
  params.push(pageSize, (page - 1) * pageSize)
  const result = await db.query<ReviewRow>(
    `select ${REVIEW_COLUMNS} from applications a join exhibitions e on e.id = a.exhibition_id ${TEXTS} ${where}
     order by a.created_at desc, a.id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  )
  return { rows: result.rows, total: counted.rows[0]?.total ?? 0 }
}

/** Every application of one exhibition for the export, oldest first (the order they arrived in). */
/** One exhibition's applications (or one kind's) for a cursor, oldest first; the reference settles a tie in time. */
export function reviewExport(exhibitionId: number, locale: Locale, kind: ApplicationKind | null): { sql: string; params: unknown[] } {
  const params: unknown[] = [contentFallbackChain(locale), exhibitionId]
  if (kind) params.push(kind)
  return {
    sql: `select ${REVIEW_COLUMNS} from applications a join exhibitions e on e.id = a.exhibition_id ${TEXTS}
     where a.exhibition_id = $2 ${kind ? 'and a.kind = $3' : ''} order by a.created_at, a.id`,
    params,
  }
}

export async function countReviewExport(db: Queryable, exhibitionId: number, kind: ApplicationKind | null): Promise<number> {
  const result = await db.query<{ n: number }>(
    `select count(*)::int as n from applications where exhibition_id = $1 ${kind ? 'and kind = $2' : ''}`,
    kind ? [exhibitionId, kind] : [exhibitionId],
  )
  return result.rows[0]?.n ?? 0
}

export async function reviewByReference(db: Queryable, reference: string, locale: Locale, lock = false): Promise<ReviewRow | null> {
  const result = await db.query<ReviewRow>(
    `select ${REVIEW_COLUMNS} from applications a join exhibitions e on e.id = a.exhibition_id ${TEXTS}
     where a.reference = $2 ${lock ? 'for update of a' : ''}`,
    [contentFallbackChain(locale), reference],
  )
  return result.rows[0] ?? null
}

export interface DecisionRow {
  from_status: ApplicationStatus
  to_status: ApplicationStatus
  applicant_note: string | null
  internal_note: string | null
  staff_name: string | null
  created_at: Date
}

export async function decisionsOf(db: Queryable, applicationId: number): Promise<DecisionRow[]> {
  const result = await db.query<DecisionRow>(
    `select d.from_status, d.to_status, d.applicant_note, d.internal_note, s.name as staff_name, d.created_at
     from application_decisions d left join staff_members s on s.id = d.staff_id where d.application_id = $1 order by d.id`,
    [applicationId],
  )
  return result.rows
}

export async function recordDecision(
  tx: Queryable,
  decision: {
    applicationId: number
    from: ApplicationStatus
    to: ApplicationStatus
    applicantNote: string | null
    internalNote: string | null
    staffId: string | null
  },
): Promise<void> {
  await tx.query('update applications set status = $2, applicant_note = $3, decided_at = now(), updated_at = now() where id = $1', [
    decision.applicationId,
    decision.to,
    decision.applicantNote,
  ])
  await tx.query(
    `insert into application_decisions (application_id, from_status, to_status, applicant_note, internal_note, staff_id)
     values ($1, $2, $3, $4, $5, $6)`,
    [decision.applicationId, decision.from, decision.to, decision.applicantNote, decision.internalNote, decision.staffId],
  )
}

export async function exhibitionsForReview(db: Queryable, scope: readonly number[] | null, locale: Locale): Promise<Array<{ id: number; title: string }>> {
  const result = await db.query<{ id: number; title: string }>(
    `select e.id, ${TITLE} as title from exhibitions e ${TEXTS} where ($2::int[] is null or e.id = any($2::int[]))
     order by e.starts_at desc, e.id desc limit 200`,
    [contentFallbackChain(locale), scope],
  )
  return result.rows
}

/** The account an application was sent from while signed in (null: sent without, or the account is gone). */
export async function accountOf(db: Queryable, applicationId: number): Promise<string | null> {
  const result = await db.query<{ account_id: string | null }>('select account_id from applications where id = $1', [applicationId])
  return result.rows[0]?.account_id ?? null
}
