import type { z } from 'zod'
import type * as consoleContracts from '../../../../shared/contracts/console-alerts.ts'
import type { ChannelKind, ChannelOwner, ScamAlert } from '../../../../shared/contracts/verification.ts'
import { contentFallbackChain, type Locale, LOCALES } from '../../../../shared/languages.ts'
import { ALERT_LIMITS } from '../../../../shared/rules/verification.ts'
import type { Database, Queryable } from '../../../db/client.ts'
import { conflict, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { VALUE_ERRORS } from '../console/register-console.ts'
import { lookupPairs, parseQuery } from '../normalise/query.ts'
import { registerKeyIn } from '../register-key.ts'
import { findChannels } from '../verification.repo.ts'
import * as repo from './alerts.repo.ts'

/**
 * Public scam alerts (docs/product.md#scam-alerts): a channel the verifier confirmed as a scam, kept once
 * per kind and normalised value, listed publicly until withdrawn, and answered by the public check.
 */

export interface PublishAlertInput {
  kind: ChannelKind
  /** As typed: normalised by the register's own rules (register-key.ts). */
  value: string
  /** The exhibiting company it impersonates (the caller checked it exists); null: the organiser itself. */
  impersonatedCompanyId: number | null
  /** YYYY-MM-DD, not after today. */
  firstSeen: string
  /** Per site locale; English is required. */
  summary: Partial<Record<Locale, string | undefined>>
}

export interface PublishedAlert {
  alert: repo.AlertRow
  /** The alert as it was before (withdrawn or live), null when this publish created it. */
  before: repo.AlertRow | null
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const dayOf = (at: Date) => at.toISOString().slice(0, 10)
const FOREIGN_KEY_VIOLATION = '23503'

/** The register's kinds that hold the same value: a phone number is also a WhatsApp account. */
function samePairs(kind: ChannelKind, key: string): Array<{ kind: string; key: string }> {
  if (kind === 'phone')
    return [
      { kind, key },
      { kind: 'whatsapp', key },
    ]
  if (kind === 'whatsapp' && /^\+\d+$/.test(key))
    return [
      { kind, key },
      { kind: 'phone', key },
    ]
  return [{ kind, key }]
}

function cleanSummary(summary: PublishAlertInput['summary']): Record<string, string> {
  const clean: Record<string, string> = {}
  for (const locale of LOCALES) {
    const text = summary[locale]?.trim() ?? ''
    if (text.length > ALERT_LIMITS.summary) throw invalid({ [`summary.${locale}`]: 'errors.tooLong' })
    if (text) clean[locale] = text
  }
  if (!clean.en) throw invalid({ 'summary.en': 'console:errors.alertSummaryEnglish' }, 'console:errors.alertSummaryEnglish')
  return clean
}

/**
 * Publishes a scam alert in the caller's transaction (the console's form, the report queue's "confirmed
 * scam"): once per (kind, normalised value), so publishing again changes the alert and puts a withdrawn
 * one back, never a second row (the unique key settles two at once). A value that is an official channel,
 * the organiser's or a verified exhibitor's valid today, is refused (409): the register is the authority.
 */
export async function publishAlert(tx: Queryable, input: PublishAlertInput, at: Date = new Date()): Promise<PublishedAlert> {
  return publishKeyed(tx, { ...input, ...registerKeyIn(VALUE_ERRORS, input.kind, input.value) }, at)
}

/** Publishes for a value already in the register's form (an alert changed by its id keeps its channel). */
async function publishKeyed(tx: Queryable, input: Omit<PublishAlertInput, 'value'> & { key: string; display: string }, at: Date): Promise<PublishedAlert> {
  const { key, display } = input
  if (!ISO_DATE.test(input.firstSeen)) throw invalid({ firstSeen: 'console:errors.registerDate' }, 'console:errors.registerDate')
  if (input.firstSeen > dayOf(at)) throw invalid({ firstSeen: 'console:errors.alertFirstSeenFuture' }, 'console:errors.alertFirstSeenFuture')
  const summary = cleanSummary(input.summary)
  const today = dayOf(at)
  const official = (await findChannels(tx, samePairs(input.kind, key))).some(
    (row) => !row.demo && !row.until && (row.company_id === null || (row.valid_until ?? '') >= today),
  )
  if (official) throw conflict('console:errors.alertOfficial', { value: display })
  const before = await repo.alertByKey(tx, input.kind, key)
  try {
    const { row } = await repo.upsertAlert(
      tx,
      { kind: input.kind, key, display, companyId: input.impersonatedCompanyId, firstSeen: input.firstSeen, summary },
      at,
    )
    return { alert: row, before }
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION)
      throw invalid({ impersonatedCompanyId: 'console:errors.registerOwnerUnknown' }, 'console:errors.registerOwnerUnknown')
    throw error
  }
}

/** A summary in the reader's language, else along the content fallback to English, else any written. */
export function summaryIn(summary: Record<string, string>, locale: Locale): string {
  for (const candidate of contentFallbackChain(locale)) if (summary[candidate]) return summary[candidate]
  return Object.values(summary)[0] ?? ''
}

/** The keyset cursor of a page's last alert: its publication instant in milliseconds and its id. */
const cursorOf = (row: repo.AlertRow) => `${row.published_at.getTime()}.${row.id}`
function parseCursor(cursor: string | undefined): { at: Date; id: number } | null {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(cursor ?? '')
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : null
}

/** What a search matches besides the written value: the value in any form a visitor could type it. */
function searchKeys(search: string): Array<{ kind: string; key: string }> {
  if (!search) return []
  const parsed = parseQuery(search, null)
  return parsed.ok ? lookupPairs(parsed.query) : []
}

type Owners = (ids: number[], locale: Locale) => Promise<Map<number, ChannelOwner>>

export function publicAlert(row: repo.AlertRow, owners: ReadonlyMap<number, ChannelOwner>, locale: Locale): ScamAlert {
  return {
    id: row.id,
    kind: row.kind,
    display: row.display,
    impersonates: row.company_id === null ? null : (owners.get(Number(row.company_id)) ?? null),
    firstSeen: row.first_seen,
    publishedAt: row.published_at.toISOString(),
    summary: summaryIn(row.summary, locale),
  }
}

/** One page of the public list, newest first; `next` continues after its last alert. */
export async function liveAlerts(db: Queryable, ownersOf: Owners, input: { q: string; before?: string | undefined }, locale: Locale) {
  const search = input.q.trim().slice(0, ALERT_LIMITS.search)
  const rows = await repo.livePage(db, { search, keys: searchKeys(search) }, parseCursor(input.before), ALERT_LIMITS.pageSize + 1)
  const page = rows.slice(0, ALERT_LIMITS.pageSize)
  const owners = await ownersOf([...new Set(page.flatMap((row) => (row.company_id === null ? [] : [Number(row.company_id)])))], locale)
  const last = page.at(-1)
  return { items: page.map((row) => publicAlert(row, owners, locale)), next: rows.length > page.length && last ? cursorOf(last) : null }
}

// The console (docs/product.md#scam-alerts): list, publish or change, withdraw; each change audited in its transaction.

type ConsoleAlert = z.output<typeof consoleContracts.consoleScamAlert>

function consoleView(row: repo.AlertRow, names: ReadonlyMap<number, string>): ConsoleAlert {
  return {
    id: row.id,
    kind: row.kind,
    display: row.display,
    impersonates: row.company_id === null ? null : { companyId: Number(row.company_id), name: names.get(Number(row.company_id)) ?? `#${row.company_id}` },
    firstSeen: row.first_seen,
    summary: row.summary,
    publishedAt: row.published_at.toISOString(),
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
  }
}

/** What the audit log keeps: the alert, the company by id (its name is not a fact of the alert). */
const audited = (row: repo.AlertRow) => consoleView(row, new Map())

async function namesOf(platform: Platform, actor: StaffActor, rows: repo.AlertRow[]): Promise<Map<number, string>> {
  const ids = rows.flatMap((row) => (row.company_id === null ? [] : [Number(row.company_id)]))
  const owners = await platform.services.exhibitors.channelOwners(ids, actor.locale)
  return new Map([...owners].map(([id, owner]) => [id, owner.name]))
}

export async function scamAlertList(platform: Platform, actor: StaffActor, input: z.output<typeof consoleContracts.scamAlertList.payload>) {
  const [{ rows, total }, owners] = await Promise.all([
    repo.consolePage(platform.db, { search: input.search, keys: searchKeys(input.search), kind: input.kind, state: input.state }, input.page, input.pageSize),
    platform.services.exhibitors.registerOwners(actor.locale),
  ])
  const names = await namesOf(platform, actor, rows)
  return { rows: rows.map((row) => consoleView(row, names)), total, owners }
}

async function audit(platform: Platform, tx: Queryable, actor: StaffActor, fn: string, before: repo.AlertRow | null, after: repo.AlertRow) {
  await platform.services.staff.audit(
    tx,
    { staffId: actor.staffId, address: actor.address },
    { function: fn, target: `scam-alert:${after.id}`, before: before ? audited(before) : null, after: audited(after) },
  )
}

export async function saveScamAlert(db: Database, platform: Platform, actor: StaffActor, input: z.output<typeof consoleContracts.saveScamAlert.payload>) {
  if (input.impersonatedCompanyId !== null) {
    const known = await platform.services.exhibitors.registerOwners(actor.locale)
    if (!known.some((owner) => owner.companyId === input.impersonatedCompanyId))
      throw invalid({ impersonatedCompanyId: 'console:errors.registerOwnerUnknown' }, 'console:errors.registerOwnerUnknown')
  }
  const row = await db.transaction(async (tx) => {
    // By its id, an alert keeps its channel: the value as shown (an app's "App Store id…", a Unicode domain) is not retyped.
    const kept = input.id === undefined ? null : await repo.alertById(tx, input.id, true)
    if (input.id !== undefined && !kept) throw notFound('console:errors.alertNotFound')
    const { alert, before } = kept
      ? await publishKeyed(tx, { ...input, kind: kept.kind, key: kept.lookup_key, display: kept.display }, new Date())
      : await publishAlert(tx, input)
    await audit(platform, tx, actor, 'console$saveScamAlert', before, alert)
    return alert
  })
  platform.contentChanged({ scope: 'verification' })
  return consoleView(row, await namesOf(platform, actor, [row]))
}

export async function withdrawScamAlert(db: Database, platform: Platform, actor: StaffActor, id: number) {
  const row = await db.transaction(async (tx) => {
    const before = await repo.alertById(tx, id, true)
    if (!before) throw notFound('console:errors.alertNotFound')
    if (before.withdrawn_at) throw conflict('console:errors.alertWithdrawn')
    const after = (await repo.withdrawAlert(tx, id, new Date())) as repo.AlertRow
    await audit(platform, tx, actor, 'console$withdrawScamAlert', before, after)
    return after
  })
  platform.contentChanged({ scope: 'verification' })
  return consoleView(row, await namesOf(platform, actor, [row]))
}
