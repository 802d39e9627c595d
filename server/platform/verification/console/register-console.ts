import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-register.ts'
import type { ChannelKind } from '../../../../shared/contracts/verification.ts'
import { REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import type { Database, Queryable } from '../../../db/client.ts'
import { conflict, DomainError, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { lookupPairs, parseQuery } from '../normalise/query.ts'
import type { ChannelRow, DocumentRow } from '../verification.repo.ts'
import { registerKeyIn } from '../register-key.ts'
import * as repo from './register.repo.ts'

type ChannelsInput = z.output<typeof contracts.registerChannels.payload>
type SaveInput = z.output<typeof contracts.saveRegisterChannel.payload>
type DocumentInput = z.output<typeof contracts.addRegisterDocument.payload>
type Channel = z.output<typeof contracts.registerChannel>
type Document = z.output<typeof contracts.registerDocument>
type Lookups = z.output<typeof contracts.registerLookups.result>

const channelView = (row: ChannelRow, owners: ReadonlyMap<number, string>): Channel => ({
  id: row.id,
  kind: row.kind,
  display: row.display,
  purpose: row.purpose,
  since: row.since,
  until: row.until,
  public: row.public,
  note: row.note,
  owner: row.company_id === null ? null : { companyId: Number(row.company_id), name: owners.get(Number(row.company_id)) ?? `#${row.company_id}` },
  validUntil: row.valid_until,
})

/** The names of the exhibiting companies of these rows, in the member's language (the exhibitors domain's). */
async function ownerNames(platform: Platform, actor: StaffActor, rows: ChannelRow[]): Promise<Map<number, string>> {
  const ids = rows.flatMap((row) => (row.company_id === null ? [] : [Number(row.company_id)]))
  const owners = await platform.services.exhibitors.channelOwners(ids, actor.locale)
  return new Map([...owners].map(([id, owner]) => [id, owner.name]))
}

/** A channel as the console shows it, its owner named in the member's language. */
export async function channelViewOf(platform: Platform, actor: StaffActor, row: ChannelRow): Promise<Channel> {
  return channelView(row, await ownerNames(platform, actor, [row]))
}

/** What the audit log keeps of a channel: its view, the owner by id (a name is not a fact of the register). */
const audited = (row: ChannelRow) => channelView(row, new Map())

export const documentView = (row: DocumentRow): Document => ({
  id: row.id,
  sha256: row.sha256,
  title: row.title,
  reference: row.reference,
  issuedTo: row.issued_to,
  issuedOn: row.issued_on,
  shownTo: row.shown_to,
  revokedOn: row.revoked_on,
})

/** A search also finds a channel by its value in any form a visitor could type it (the public check's normalisation). */
function searchKeys(search: string): Array<{ kind: string; key: string }> {
  if (!search) return []
  const parsed = parseQuery(search, null)
  return parsed.ok ? lookupPairs(parsed.query) : []
}

export async function registerChannels(platform: Platform, actor: StaffActor, input: ChannelsInput) {
  const [{ rows, total }, owners] = await Promise.all([
    repo.channelPage(platform.db, { search: input.search, keys: searchKeys(input.search), kind: input.kind, state: input.state }, input.page, input.pageSize),
    platform.services.exhibitors.registerOwners(actor.locale),
  ])
  const names = await ownerNames(platform, actor, rows)
  return { rows: rows.map((row) => channelView(row, names)), total, owners }
}

/** The register's refusals of a value (verify:register.* of the service) in the console's words. */
export const VALUE_ERRORS: Record<string, string> = {
  'verify:register.phoneNeedsInternational': 'console:errors.registerPhone',
  'verify:register.badEmail': 'console:errors.registerEmail',
  'verify:register.badAddress': 'console:errors.registerAddress',
  'verify:register.badHandle': 'console:errors.registerHandle',
  'verify:register.badDomain': 'console:errors.registerDomain',
  'verify:register.badApp': 'console:errors.registerApp',
  'verify:register.badIban': 'console:errors.registerIban',
  'verify:register.badBankAccount': 'console:errors.registerBankAccount',
}

const keyOf = (kind: ChannelKind, value: string) => registerKeyIn(VALUE_ERRORS, kind, value)

/**
 * Each change: in one transaction with its audit record; then the public check's cached channels and
 * the cached verification pages are refreshed (contentChanged).
 */
async function change<T>(
  db: Database,
  platform: Platform,
  actor: StaffActor,
  work: (tx: Queryable) => Promise<{ fn: string; target: string; before: unknown; after: unknown; result: T }>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const done = await work(tx)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: done.fn, target: done.target, before: done.before, after: done.after },
    )
    return done.result
  })
  platform.contentChanged({ scope: 'verification' })
  return result
}

const channelNotFound = () => notFound('console:errors.registerChannelNotFound')
const documentNotFound = () => notFound('console:errors.registerDocumentNotFound')

export async function saveRegisterChannel(db: Database, platform: Platform, actor: StaffActor, input: SaveInput): Promise<Channel> {
  const { key, display } = keyOf(input.kind, input.value)
  if (input.until !== null && input.until < input.since)
    throw invalid({ until: 'console:errors.registerUntilBeforeSince' }, 'console:errors.registerUntilBeforeSince')
  // An exhibitor's channel is vouched for a period, the organiser's own for as long as it is in use.
  if (input.ownerCompanyId !== null && input.validUntil === null)
    throw invalid({ validUntil: 'console:errors.registerValidUntilRequired' }, 'console:errors.registerValidUntilRequired')
  if (input.ownerCompanyId !== null && input.validUntil !== null && input.validUntil < input.since)
    throw invalid({ validUntil: 'console:errors.registerUntilBeforeSince' }, 'console:errors.registerUntilBeforeSince')
  const fields: repo.ChannelFields = {
    kind: input.kind,
    key,
    display,
    purpose: input.purpose,
    since: input.since,
    until: input.until,
    public: input.public,
    note: input.note,
    companyId: input.ownerCompanyId,
    validUntil: input.ownerCompanyId === null ? null : input.validUntil,
  }
  const duplicate = () => conflict('console:errors.registerDuplicate', { value: display })
  if (input.ownerCompanyId !== null) {
    const known = await platform.services.exhibitors.registerOwners(actor.locale)
    if (!known.some((owner) => owner.companyId === input.ownerCompanyId))
      throw invalid({ ownerCompanyId: 'console:errors.registerOwnerUnknown' }, 'console:errors.registerOwnerUnknown')
  }
  // Named after the transaction: the exhibitors domain reads with its own connection.
  const row = await change(db, platform, actor, async (tx) => {
    if (input.id === undefined) {
      const row = await repo.insertChannel(tx, fields)
      if (!row) throw duplicate()
      return { fn: 'console$saveRegisterChannel', target: `channel:${row.id}`, before: null, after: audited(row), result: row }
    }
    const before = await repo.channelById(tx, input.id, true)
    if (!before) throw channelNotFound()
    const row = await repo.updateChannel(tx, input.id, fields)
    if (!row) throw duplicate()
    return { fn: 'console$saveRegisterChannel', target: `channel:${row.id}`, before: audited(before), after: audited(row), result: row }
  })
  return channelView(row, await ownerNames(platform, actor, [row]))
}

/** Retired, never deleted: a visitor asking about it learns it was ours until then. */
export async function retireRegisterChannel(db: Database, platform: Platform, actor: StaffActor, id: number, on: string): Promise<Channel> {
  const row = await change(db, platform, actor, async (tx) => {
    const before = await repo.channelById(tx, id, true)
    if (!before) throw channelNotFound()
    if (before.until) throw conflict('console:errors.registerAlreadyRetired')
    if (on < before.since) throw invalid({ on: 'console:errors.registerUntilBeforeSince' }, 'console:errors.registerUntilBeforeSince')
    const row = await repo.updateChannel(tx, id, { ...before, key: before.lookup_key, until: on, companyId: before.company_id, validUntil: before.valid_until })
    if (!row) throw channelNotFound()
    return { fn: 'console$retireRegisterChannel', target: `channel:${id}`, before: audited(before), after: audited(row), result: row }
  })
  return channelView(row, await ownerNames(platform, actor, [row]))
}

export async function registerDocuments(db: Queryable, input: z.output<typeof contracts.registerDocuments.payload>) {
  const { rows, total } = await repo.documentPage(db, input.search, input.page, input.pageSize)
  return { rows: rows.map(documentView), total }
}

/** A document by the fingerprint of its PDF (document-upload.ts hashed it; the file itself is gone). */
export function addRegisterDocument(db: Database, platform: Platform, actor: StaffActor, input: DocumentInput): Promise<Document> {
  return change(db, platform, actor, async (tx) => {
    const row = await platform.services.verification
      .registerDocument(
        {
          sha256: input.sha256,
          title: input.title,
          reference: input.reference || null,
          issuedTo: input.issuedTo,
          issuedOn: input.issuedOn,
          shownTo: input.shownTo,
        },
        tx,
      )
      .catch((error: unknown) => {
        if (error instanceof DomainError && error.code === 'verify:register.documentExists') throw conflict('console:errors.registerDocumentExists')
        throw error
      })
    return { fn: 'console$addRegisterDocument', target: `document:${row.id}`, before: null, after: documentView(row), result: documentView(row) }
  })
}

export function retireRegisterDocument(db: Database, platform: Platform, actor: StaffActor, id: number, on: string): Promise<Document> {
  return change(db, platform, actor, async (tx) => {
    const before = await repo.documentById(tx, id, true)
    if (!before) throw documentNotFound()
    if (before.revoked_on) throw conflict('console:errors.registerAlreadyRetired')
    const row = await repo.revokeDocumentById(tx, id, on)
    return { fn: 'console$retireRegisterDocument', target: `document:${id}`, before: documentView(before), after: documentView(row), result: documentView(row) }
  })
}

export async function registerLookups(db: Queryable, input: { page: number; pageSize: number }): Promise<Lookups> {
  const [unknown, recent] = await Promise.all([
    repo.topUnknownLookups(db, REGISTER_LIMITS.lookupDays, REGISTER_LIMITS.topLookups),
    repo.recentLookups(db, input.page, input.pageSize),
  ])
  const type = (row: repo.LookupRow) => row.query_type as Lookups['unknown'][number]['type']
  return {
    unknown: unknown.map((row) => ({ type: type(row), value: row.value, count: row.lookups, lastAt: row.last_at.toISOString() })),
    recent: recent.rows.map((row) => ({ type: type(row), value: row.value, official: row.official, count: row.lookups, lastAt: row.last_at.toISOString() })),
    total: recent.total,
    days: REGISTER_LIMITS.lookupDays,
  }
}
