import type { Queryable } from '../../db/client.ts'
import type { Locale } from '../../../shared/languages.ts'
import type { ExhibitorKind, MemberRole } from '../../../shared/rules/exhibitors.ts'
import { soldBoothPassesOf } from '../floor-plans/index.ts'

/** SQL of the exhibitors domain (0240_exhibitors.sql). Exhibitions are read from the core table. */

export interface ExhibitionRow {
  exhibition_id: number
  exhibition_title: string
  exhibition_city: string
  starts_at: Date
  ends_at: Date
  time_zone: string
}

/** The exhibition's title and city along the fallback chain `$1`, as `e` is joined. */
const EXHIBITION = `left join lateral (select t.title, t.city from exhibition_texts t where t.exhibition_id = e.id and t.locale = any($1::text[])
    order by array_position($1::text[], t.locale) limit 1) et on true`
const EXHIBITION_COLUMNS = `e.id as exhibition_id, coalesce(et.title, e.slug) as exhibition_title, coalesce(nullif(et.city, ''), e.city) as exhibition_city,
    e.starts_at, e.ends_at, e.time_zone`

/** The company's texts along the fallback chain `$1`, as `c` is joined. */
const COMPANY_TEXT = `join lateral (select ct.locale, ct.name, ct.summary, ct.description from exhibitor_company_texts ct
    where ct.company_id = c.id order by coalesce(array_position($1::text[], ct.locale), 99), ct.locale limit 1) ct on true`

const LOGO = `left join media_items m on m.id = c.logo_media_id`
const LOGO_COLUMNS = `m.src as logo_src, m.width as logo_width, m.height as logo_height`

export interface ExhibitorRow extends ExhibitionRow {
  id: number
  company_id: number
  status: 'active' | 'withdrawn'
  slug: string
  name: string
}

export interface SummaryRow extends ExhibitorRow {
  role: MemberRole
}

export async function summariesOf(db: Queryable, accountId: string, chain: Locale[], now: Date): Promise<SummaryRow[]> {
  const result = await db.query<SummaryRow>(
    `select x.id, x.company_id, x.status, c.slug, ct.name, mb.role, ${EXHIBITION_COLUMNS}
     from exhibitor_members mb join exhibitors x on x.id = mb.exhibitor_id join exhibitor_companies c on c.id = x.company_id
     ${COMPANY_TEXT} join exhibitions e on e.id = x.exhibition_id ${EXHIBITION}
     where mb.account_id = $2
     order by (e.ends_at < $3), e.starts_at, x.id`,
    [chain, accountId, now],
  )
  return result.rows
}

/** One exhibitor with the caller's role in it (null role: not a member). */
export async function exhibitorFor(
  db: Queryable,
  exhibitorId: number,
  accountId: string,
  chain: Locale[],
  lock = false,
): Promise<(ExhibitorRow & { role: MemberRole | null }) | null> {
  const result = await db.query<ExhibitorRow & { role: MemberRole | null }>(
    `select x.id, x.company_id, x.status, c.slug, ct.name, mb.role, ${EXHIBITION_COLUMNS}
     from exhibitors x join exhibitor_companies c on c.id = x.company_id ${COMPANY_TEXT}
     join exhibitions e on e.id = x.exhibition_id ${EXHIBITION}
     left join exhibitor_members mb on mb.exhibitor_id = x.id and mb.account_id = $3
     where x.id = $2 ${lock ? 'for update of x' : ''}`,
    [chain, exhibitorId, accountId],
  )
  return result.rows[0] ?? null
}

export interface CompanyRow {
  id: number
  slug: string
  kind: ExhibitorKind
  country: string | null
  website: string | null
  version: number
  logo_src: string | null
  logo_width: number | null
  logo_height: number | null
}

export async function company(db: Queryable, companyId: number, lock = false): Promise<CompanyRow | null> {
  const result = await db.query<CompanyRow>(
    `select c.id, c.slug, c.kind, c.country, c.website, c.version, ${LOGO_COLUMNS} from exhibitor_companies c ${LOGO}
     where c.id = $1 ${lock ? 'for update of c' : ''}`,
    [companyId],
  )
  return result.rows[0] ?? null
}

export interface TextRow {
  locale: Locale
  name: string
  summary: string
  description: string
}

export async function textsOf(db: Queryable, companyId: number): Promise<TextRow[]> {
  const result = await db.query<TextRow>('select locale, name, summary, description from exhibitor_company_texts where company_id = $1 order by locale', [
    companyId,
  ])
  return result.rows
}

export interface LicenceRow {
  regulator: string
  number: string
}

export async function licencesOf(db: Queryable, companyId: number): Promise<LicenceRow[]> {
  const result = await db.query<LicenceRow>('select regulator, number from exhibitor_licences where company_id = $1 order by position', [companyId])
  return result.rows
}

/** Taken from its English name; a number is added while the address is taken (a race meets the unique key and tries the next). */
export async function insertCompany(
  tx: Queryable,
  base: string,
  fields: { kind: ExhibitorKind; website: string | null; country?: string | null },
): Promise<number> {
  const taken = await tx.query<{ slug: string }>(`select slug from exhibitor_companies where slug = $1 or slug like $1 || '-%'`, [base])
  const used = new Set(taken.rows.map((row) => row.slug))
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`
    if (used.has(slug)) continue
    const inserted = await tx.query<{ id: number }>(
      'insert into exhibitor_companies (slug, kind, website, country) values ($1, $2, $3, $4) on conflict (slug) do nothing returning id',
      [slug, fields.kind, fields.website, fields.country ?? null],
    )
    if (inserted.rows[0]) return Number(inserted.rows[0].id)
  }
}

export async function saveCompany(
  tx: Queryable,
  companyId: number,
  version: number,
  fields: { kind: ExhibitorKind; country: string | null; website: string | null },
): Promise<boolean> {
  const result = await tx.query(
    `update exhibitor_companies set kind = $3, country = $4, website = $5, version = version + 1, updated_at = now()
     where id = $1 and version = $2`,
    [companyId, version, fields.kind, fields.country, fields.website],
  )
  return (result.rowCount ?? 0) === 1
}

/** The logo is not part of the versioned profile: an upload never makes a member's open edit stale. */
export async function setLogo(tx: Queryable, companyId: number, mediaId: string | null): Promise<void> {
  await tx.query('update exhibitor_companies set logo_media_id = $2, updated_at = now() where id = $1', [companyId, mediaId])
}

export async function replaceTexts(tx: Queryable, companyId: number, texts: TextRow[]): Promise<void> {
  await tx.query('delete from exhibitor_company_texts where company_id = $1', [companyId])
  for (const text of texts) {
    await tx.query('insert into exhibitor_company_texts (company_id, locale, name, summary, description) values ($1, $2, $3, $4, $5)', [
      companyId,
      text.locale,
      text.name,
      text.summary,
      text.description,
    ])
  }
}

export async function replaceLicences(tx: Queryable, companyId: number, licences: LicenceRow[]): Promise<void> {
  await tx.query('delete from exhibitor_licences where company_id = $1', [companyId])
  for (const [position, licence] of licences.entries()) {
    await tx.query('insert into exhibitor_licences (company_id, position, regulator, number) values ($1, $2, $3, $4)', [
      companyId,
      position,
      licence.regulator,
      licence.number,
    ])
  }
}

/** A company an account already runs (as admin) under this English name: a returning exhibitor. */
export async function companyRunBy(tx: Queryable, accountId: string, englishName: string): Promise<number | null> {
  const result = await tx.query<{ id: number }>(
    `select c.id from exhibitor_members mb join exhibitors x on x.id = mb.exhibitor_id join exhibitor_companies c on c.id = x.company_id
     join exhibitor_company_texts ct on ct.company_id = c.id and ct.locale = 'en'
     where mb.account_id = $1 and mb.role = 'admin' and lower(ct.name) = lower($2)
     order by x.created_at desc limit 1`,
    [accountId, englishName],
  )
  return result.rows[0] ? Number(result.rows[0].id) : null
}

export async function exhibitorOfApplication(tx: Queryable, applicationId: number): Promise<{ id: number } | null> {
  const result = await tx.query<{ id: number }>('select id from exhibitors where application_id = $1 for update', [applicationId])
  return result.rows[0] ? { id: Number(result.rows[0].id) } : null
}

/** The company's exhibitor at this exhibition, made when there is none; the application is linked when it has none. */
export async function ensureExhibitor(tx: Queryable, companyId: number, exhibitionId: number, applicationId: number | null): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `insert into exhibitors (company_id, exhibition_id, application_id) values ($1, $2, $3)
     on conflict (company_id, exhibition_id) do update set status = 'active', application_id = coalesce(exhibitors.application_id, excluded.application_id)
     returning id`,
    [companyId, exhibitionId, applicationId],
  )
  return Number((result.rows[0] as { id: number }).id)
}

export async function setStatus(tx: Queryable, exhibitorId: number, status: 'active' | 'withdrawn'): Promise<void> {
  await tx.query('update exhibitors set status = $2 where id = $1', [exhibitorId, status])
}

export async function addMember(tx: Queryable, exhibitorId: number, accountId: string, role: MemberRole): Promise<boolean> {
  const result = await tx.query('insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, $3) on conflict do nothing', [
    exhibitorId,
    accountId,
    role,
  ])
  return (result.rowCount ?? 0) === 1
}

export async function removeMember(tx: Queryable, exhibitorId: number, accountId: string): Promise<boolean> {
  const result = await tx.query('delete from exhibitor_members where exhibitor_id = $1 and account_id = $2', [exhibitorId, accountId])
  return (result.rowCount ?? 0) === 1
}

export interface MemberRow {
  account_id: string
  nick: string
  email: string
  role: MemberRole
  created_at: Date
}

export async function membersOf(db: Queryable, exhibitorId: number): Promise<MemberRow[]> {
  const result = await db.query<MemberRow>(
    `select mb.account_id, a.nick, a.email, mb.role, mb.created_at from exhibitor_members mb join accounts a on a.id = mb.account_id
     where mb.exhibitor_id = $1 order by mb.role, mb.created_at, a.nick`,
    [exhibitorId],
  )
  return result.rows
}

export interface InvitationRow {
  id: number
  exhibitor_id: number
  email: string
  role: MemberRole
  locale: string
  expires_at: Date
  accepted_at: Date | null
}

export async function openInvitationsOf(db: Queryable, exhibitorId: number, now: Date): Promise<InvitationRow[]> {
  const result = await db.query<InvitationRow>(
    `select id, exhibitor_id, email, role, locale, expires_at, accepted_at from exhibitor_invitations
     where exhibitor_id = $1 and accepted_at is null and expires_at > $2 order by created_at, id`,
    [exhibitorId, now],
  )
  return result.rows.map((row) => ({ ...row, id: Number(row.id), exhibitor_id: Number(row.exhibitor_id) }))
}

/** Inviting an address that has an open invitation renews it (new secret, new validity, the new role). */
export async function upsertInvitation(
  tx: Queryable,
  invitation: { exhibitorId: number; email: string; role: MemberRole; locale: Locale; tokenHash: string; invitedBy: string | null; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `insert into exhibitor_invitations (exhibitor_id, email, role, locale, token_hash, invited_by, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (exhibitor_id, lower(email)) where accepted_at is null
     do update set role = excluded.role, locale = excluded.locale, token_hash = excluded.token_hash, invited_by = excluded.invited_by,
       expires_at = excluded.expires_at, created_at = now()`,
    [invitation.exhibitorId, invitation.email, invitation.role, invitation.locale, invitation.tokenHash, invitation.invitedBy, invitation.expiresAt],
  )
}

/** An invitation not yet used (open or expired), locked for its renewal. */
export async function unusedInvitation(
  tx: Queryable,
  exhibitorId: number,
  invitationId: number,
): Promise<(InvitationRow & { invited_by: string | null }) | null> {
  const result = await tx.query<InvitationRow & { invited_by: string | null }>(
    `select id, exhibitor_id, email, role, locale, expires_at, accepted_at, invited_by from exhibitor_invitations
     where exhibitor_id = $1 and id = $2 and accepted_at is null for update`,
    [exhibitorId, invitationId],
  )
  const row = result.rows[0]
  return row ? { ...row, id: Number(row.id), exhibitor_id: Number(row.exhibitor_id) } : null
}

export async function deleteInvitation(tx: Queryable, exhibitorId: number, invitationId: number): Promise<boolean> {
  const result = await tx.query('delete from exhibitor_invitations where exhibitor_id = $1 and id = $2 and accepted_at is null', [exhibitorId, invitationId])
  return (result.rowCount ?? 0) === 1
}

export async function invitationByHash(db: Queryable, tokenHash: string, lock = false): Promise<InvitationRow | null> {
  const result = await db.query<InvitationRow>(
    `select id, exhibitor_id, email, role, locale, expires_at, accepted_at from exhibitor_invitations where token_hash = $1 ${lock ? 'for update' : ''}`,
    [tokenHash],
  )
  const row = result.rows[0]
  return row ? { ...row, id: Number(row.id), exhibitor_id: Number(row.exhibitor_id) } : null
}

export async function markAccepted(tx: Queryable, invitationId: number, accountId: string, at: Date): Promise<void> {
  await tx.query('update exhibitor_invitations set accepted_at = $2, accepted_by = $3 where id = $1', [invitationId, at, accountId])
}

export async function teamSize(db: Queryable, exhibitorId: number, now: Date): Promise<number> {
  const result = await db.query<{ n: number }>(
    `select (select count(*) from exhibitor_members where exhibitor_id = $1)
       + (select count(*) from exhibitor_invitations where exhibitor_id = $1 and accepted_at is null and expires_at > $2) as n`,
    [exhibitorId, now],
  )
  return Number(result.rows[0]?.n ?? 0)
}

export async function adminCount(db: Queryable, exhibitorId: number): Promise<number> {
  const result = await db.query<{ n: number }>("select count(*) as n from exhibitor_members where exhibitor_id = $1 and role = 'admin'", [exhibitorId])
  return Number(result.rows[0]?.n ?? 0)
}

export interface DirectoryRow {
  slug: string
  name: string
  summary: string
  description: string
  text_locale: Locale
  kind: ExhibitorKind
  country: string | null
  website: string | null
  company_id: number
  logo_src: string | null
  logo_width: number | null
  logo_height: number | null
  demo: boolean
}

const DIRECTORY_COLUMNS = `c.slug, ct.name, ct.summary, ct.description, ct.locale as text_locale, c.kind, c.country, c.website, c.id as company_id, c.demo, ${LOGO_COLUMNS}`

/** The exhibition's active exhibitors with their names in the caller's language (the service orders them); search on the names in every language. */
export async function directory(
  db: Queryable,
  exhibitionId: number,
  chain: Locale[],
  filter: { search: string | null; kind: ExhibitorKind | null; country: string | null },
): Promise<DirectoryRow[]> {
  const result = await db.query<DirectoryRow>(
    `select ${DIRECTORY_COLUMNS}
     from exhibitors x join exhibitor_companies c on c.id = x.company_id ${COMPANY_TEXT} ${LOGO}
     where x.exhibition_id = $2 and x.status = 'active'
       and ($3::text is null or exists (select 1 from exhibitor_company_texts s where s.company_id = c.id and strpos(lower(s.name), lower($3)) > 0))
       and ($4::text is null or c.kind = $4) and ($5::text is null or c.country = $5)
     order by c.slug`,
    [chain, exhibitionId, filter.search, filter.kind, filter.country],
  )
  return result.rows
}

export async function directoryChoices(db: Queryable, exhibitionId: number): Promise<{ kinds: ExhibitorKind[]; countries: string[] }> {
  const result = await db.query<{ kind: ExhibitorKind; country: string | null }>(
    `select distinct c.kind, c.country from exhibitors x join exhibitor_companies c on c.id = x.company_id
     where x.exhibition_id = $1 and x.status = 'active'`,
    [exhibitionId],
  )
  const kinds = [...new Set(result.rows.map((row) => row.kind))].sort()
  const countries = [...new Set(result.rows.map((row) => row.country).filter((country): country is string => country !== null))].sort()
  return { kinds, countries }
}

export async function pageOf(db: Queryable, exhibitionId: number, slug: string, chain: Locale[]): Promise<DirectoryRow | null> {
  const result = await db.query<DirectoryRow>(
    `select ${DIRECTORY_COLUMNS}
     from exhibitors x join exhibitor_companies c on c.id = x.company_id ${COMPANY_TEXT} ${LOGO}
     where x.exhibition_id = $2 and c.slug = $3 and x.status = 'active'`,
    [chain, exhibitionId, slug],
  )
  return result.rows[0] ?? null
}

/** A published exhibition in the caller's language (the directory's heading). */
export async function exhibition(db: Queryable, exhibitionId: number, chain: Locale[]): Promise<ExhibitionRow | null> {
  const result = await db.query<ExhibitionRow>(`select ${EXHIBITION_COLUMNS} from exhibitions e ${EXHIBITION} where e.id = $2 and e.published`, [
    chain,
    exhibitionId,
  ])
  return result.rows[0] ?? null
}

/** The public pages of active exhibitors at published exhibitions (sitemap.xml). */
export async function sitemapRows(db: Queryable): Promise<Array<{ exhibition_id: number; slug: string; updated_at: Date }>> {
  const result = await db.query<{ exhibition_id: number; slug: string; updated_at: Date }>(
    `select x.exhibition_id, c.slug, c.updated_at from exhibitors x join exhibitor_companies c on c.id = x.company_id
     join exhibitions e on e.id = x.exhibition_id where x.status = 'active' and e.published order by x.exhibition_id, c.slug`,
  )
  return result.rows
}

/** Exhibitions by slug (the demo content names them so). */
export async function exhibitionIdsBySlug(db: Queryable, slugs: string[]): Promise<Map<string, number>> {
  const result = await db.query<{ id: number; slug: string }>('select id, slug from exhibitions where slug = any($1::text[])', [slugs])
  return new Map(result.rows.map((row) => [row.slug, Number(row.id)]))
}

/** Invitations to a person's addresses, open or taken, when they ask to be forgotten. */
export async function deleteInvitationsTo(tx: Queryable, emails: string[]): Promise<number> {
  const result = await tx.query('delete from exhibitor_invitations where lower(email) = any($1::text[])', [emails])
  return result.rowCount ?? 0
}

export interface OwnerRow {
  company_id: number
  slug: string
  name: string
  exhibition_id: number | null
  exhibition_title: string | null
}

/**
 * Companies as the verification answer names them: the name in the caller's language and the
 * exhibition they are at (the next or current one, else the latest), when they are at one.
 */
export async function owners(db: Queryable, companyIds: number[], chain: Locale[], now: Date): Promise<OwnerRow[]> {
  const result = await db.query<OwnerRow>(
    `select c.id as company_id, c.slug, ct.name, x.exhibition_id, coalesce(et.title, e.slug) as exhibition_title
     from exhibitor_companies c ${COMPANY_TEXT}
     left join lateral (select x.exhibition_id from exhibitors x join exhibitions e on e.id = x.exhibition_id
       where x.company_id = c.id and x.status = 'active' and e.published
       order by (e.ends_at < $3), case when e.ends_at < $3 then -extract(epoch from e.starts_at) else extract(epoch from e.starts_at) end
       limit 1) x on true
     left join exhibitions e on e.id = x.exhibition_id ${EXHIBITION}
     where c.id = any($2::bigint[])`,
    [chain, companyIds, now],
  )
  return result.rows.map((row) => ({ ...row, company_id: Number(row.company_id) }))
}

/** An exhibitor's channels the organiser verified and that are valid on `today` (YYYY-MM-DD), for its page. */
export async function verifiedChannels(
  db: Queryable,
  companyId: number,
  today: string,
): Promise<Array<{ kind: string; display: string; valid_until: string }>> {
  const result = await db.query<{ kind: string; display: string; valid_until: string }>(
    `select kind, display, to_char(valid_until, 'YYYY-MM-DD') as valid_until from verification_channels
     where exhibitor_company_id = $1 and retired_on is null and valid_until >= $2::date and not demo
     order by array_position(array['phone','email','whatsapp','telegram','wechat','line','x','usdtTrc20','usdtErc20'], kind), official_since, id`,
    [companyId, today],
  )
  return result.rows
}

/** Companies exhibiting now or later, or lately (a year back), by name: whom the register's verifier can vouch for. */
export async function registerOwners(db: Queryable, chain: Locale[], since: Date): Promise<Array<{ company_id: number; name: string }>> {
  const result = await db.query<{ company_id: number; name: string }>(
    `select c.id as company_id, ct.name from exhibitor_companies c ${COMPANY_TEXT}
     where exists (select 1 from exhibitors x join exhibitions e on e.id = x.exhibition_id where x.company_id = c.id and x.status = 'active' and e.ends_at >= $2)
     order by lower(ct.name), c.id`,
    [chain, since],
  )
  return result.rows.map((row) => ({ company_id: Number(row.company_id), name: row.name }))
}

/** The administrators of a company at one exhibition, with the language their account reads in (the verifier's decisions are mailed to them). */
export async function companyAdmins(db: Queryable, companyId: number, exhibitionId: number): Promise<Array<{ email: string; locale: string }>> {
  const result = await db.query<{ email: string; locale: string }>(
    `select a.email, a.locale from exhibitor_members mb join exhibitors x on x.id = mb.exhibitor_id join accounts a on a.id = mb.account_id
      where x.company_id = $1 and x.exhibition_id = $2 and mb.role = 'admin' order by mb.created_at, a.email`,
    [companyId, exhibitionId],
  )
  return result.rows
}

/**
 * The passes an exhibitor may name (docs/product.md#team-passes): the organiser's grant plus the passes
 * included with the booths it holds as sold (paid, or assigned by staff).
 */
export async function passAllowance(db: Queryable, exhibitorId: number): Promise<number> {
  return (await passAllowancesOf(db, [exhibitorId])).get(exhibitorId) ?? 0
}

export async function passAllowancesOf(db: Queryable, exhibitorIds: number[]): Promise<Map<number, number>> {
  if (!exhibitorIds.length) return new Map()
  const [grants, booths] = await Promise.all([
    db.query<{ id: string; grant: number }>('select id, pass_grant as grant from exhibitors where id = any($1::bigint[])', [exhibitorIds]),
    soldBoothPassesOf(db, exhibitorIds),
  ])
  return new Map(grants.rows.map((row) => [Number(row.id), row.grant + (booths.get(Number(row.id)) ?? 0)]))
}

/** The organiser's grant as it stands, the row locked against a second change at once (and a pass named meanwhile). */
export async function lockPassGrant(tx: Queryable, exhibitorId: number): Promise<number> {
  const result = await tx.query<{ grant: number }>('select pass_grant as grant from exhibitors where id = $1 for update', [exhibitorId])
  return result.rows[0]?.grant ?? 0
}

/** The organiser's grant; the exhibitor row is locked by the caller. */
export async function setPassGrant(tx: Queryable, exhibitorId: number, grant: number): Promise<void> {
  await tx.query('update exhibitors set pass_grant = $2 where id = $1', [exhibitorId, grant])
}
