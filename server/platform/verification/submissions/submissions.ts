import type { z } from 'zod'
import type * as consoleContracts from '../../../../shared/contracts/console-register.ts'
import type * as exhibitorContracts from '../../../../shared/contracts/exhibitors.ts'
import { contentFallbackChain, type Locale } from '../../../../shared/languages.ts'
import { EXHIBITOR_MESSAGES } from '../../../../shared/rules/exhibitors.ts'
import { type ChannelKind, SUBMISSION_LIMITS } from '../../../../shared/rules/verification.ts'
import type { Database, Queryable } from '../../../db/client.ts'
import { ERROR_CODES } from '../../../../shared/contracts/define.ts'
import { conflict, DomainError, invalid, notFound } from '../../errors.ts'
import { queueMail } from '../../mailer.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import * as register from '../console/register.repo.ts'
import type { ChannelRow } from '../verification.repo.ts'
import { registerKeyIn } from '../register-key.ts'
import { type DecisionMail, decisionMail } from './submissions.mail.ts'
import * as repo from './submissions.repo.ts'

type TeamView = z.output<typeof exhibitorContracts.channelSubmissionView>
type QueueRow = z.output<typeof consoleContracts.channelSubmission>

/**
 * Channels exhibitors submit and the organiser's verifier approves (docs/product.md#exhibitor-channel-submissions).
 * This domain writes the submissions and the register rows an approval makes; the exhibitors domain
 * decides who may submit for a company and calls `submitChannel` and `withdrawSubmission` in its own
 * transaction, after it has checked the member and locked the company.
 */

/** A 409 that names the value field, with the value as the register writes it. */
const valueConflict = (code: string, display: string) => new DomainError(code, ERROR_CODES.conflict, { value: display }, { value: code })

const day = (at: Date) => at.toISOString().slice(0, 10)
const iso = (at: Date | string) => new Date(at).toISOString()

/** The register's refusals of a value (verify:register.*) in the exhibitor's words. */
const VALUE_ERRORS: Record<string, string> = {
  'verify:register.phoneNeedsInternational': EXHIBITOR_MESSAGES.channelPhone,
  'verify:register.badEmail': EXHIBITOR_MESSAGES.channelEmail,
  'verify:register.badAddress': EXHIBITOR_MESSAGES.channelAddress,
  'verify:register.badHandle': EXHIBITOR_MESSAGES.channelHandle,
  'verify:register.badDomain': EXHIBITOR_MESSAGES.channelDomain,
  'verify:register.badApp': EXHIBITOR_MESSAGES.channelApp,
  'verify:register.badIban': EXHIBITOR_MESSAGES.channelIban,
  'verify:register.badBankAccount': EXHIBITOR_MESSAGES.channelBankAccount,
}

const keyOf = (kind: ChannelKind, value: string) => registerKeyIn(VALUE_ERRORS, kind, value)

/** What the team reads: a decided approval is verified until its register entry's last day, or lapsed once that passed or it was retired. */
function teamView(row: repo.SubmissionRow, today: string): TeamView {
  const approved = row.state === 'approved' && row.valid_until !== null
  const retired = approved && row.retired_on !== null && row.retired_on <= (row.valid_until as string)
  const lapsed = approved && (retired || (row.valid_until as string) < today)
  return {
    id: row.id,
    kind: row.kind,
    display: row.display,
    note: row.note,
    state: row.state === 'pending' ? 'pending' : row.state === 'rejected' ? 'rejected' : lapsed || !approved ? 'lapsed' : 'verified',
    submittedAt: iso(row.submitted_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    validUntil: approved ? (retired ? row.retired_on : row.valid_until) : null,
    reason: row.reason,
  }
}

export interface SubmitInput {
  companyId: number
  exhibitionId: number
  accountId: string
  kind: ChannelKind
  value: string
  note: string
}

/** A value already vouched for, or the organiser's own, is refused before it waits for anyone (409 naming the field). */
export async function submitChannel(tx: Queryable, input: SubmitInput): Promise<void> {
  const { key, display } = keyOf(input.kind, input.value)
  const [held] = await repo.registeredAs(tx, [{ kind: input.kind, key }])
  const now = new Date()
  if (held) {
    if (held.company_id !== input.companyId) throw valueConflict(EXHIBITOR_MESSAGES.channelTaken, display)
    if (held.retired_on === null && (held.valid_until ?? '') >= day(now)) throw valueConflict(EXHIBITOR_MESSAGES.channelVerified, display)
  }
  if ((await repo.pendingCount(tx, input.companyId)) >= SUBMISSION_LIMITS.pendingPerCompany)
    throw conflict(EXHIBITOR_MESSAGES.channelsWaiting, { max: SUBMISSION_LIMITS.pendingPerCompany })
  const id = await repo.insertSubmission(tx, {
    companyId: input.companyId,
    exhibitionId: input.exhibitionId,
    kind: input.kind,
    key,
    display,
    note: input.note,
    submittedBy: input.accountId,
    at: now,
  })
  if (id === null) throw valueConflict(EXHIBITOR_MESSAGES.channelWaiting, display)
}

export async function withdrawSubmission(tx: Queryable, input: { companyId: number; submissionId: number }): Promise<void> {
  const row = await repo.submissionById(tx, input.submissionId, true)
  if (!row || row.company_id !== input.companyId) throw notFound(EXHIBITOR_MESSAGES.channelNotFound)
  if (row.state !== 'pending') throw conflict(EXHIBITOR_MESSAGES.channelDecided)
  await repo.setDecision(tx, row.id, { state: 'withdrawn', by: null, at: new Date(), reason: null, channelId: null })
}

export async function companySubmissions(db: Queryable, companyId: number): Promise<TeamView[]> {
  const today = day(new Date())
  return (await repo.submissionsOf(db, companyId)).map((row) => teamView(row, today))
}

/** The default "verified until": the last day of the exhibition it was submitted for, a year on. */
export function suggestedValidUntil(exhibitionEndsOn: string): string {
  const [year, month, date] = exhibitionEndsOn.split('-').map(Number) as [number, number, number]
  const until = new Date(Date.UTC(year + SUBMISSION_LIMITS.validityYears, month - 1, date))
  // 29 February a year on is 1 March: keep the last day of February.
  if (until.getUTCMonth() !== month - 1) until.setUTCDate(0)
  return day(until)
}

/** The verifier's queue (console$channelSubmissions): each value with what the register already holds of it and any look-alike. */
export async function channelQueue(platform: Platform, actor: StaffActor, input: { page: number; pageSize: number }) {
  const { rows, total } = await repo.queuePage(platform.db, contentFallbackChain(actor.locale), input.page, input.pageSize)
  const held = await repo.registeredAs(
    platform.db,
    rows.map((row) => ({ kind: row.kind, key: row.lookup_key })),
  )
  const imitations = await Promise.all(rows.map((row) => platform.services.verification.imitationOf(row.display, row.company_id)))
  const companyIds = [
    ...new Set([
      ...rows.map((row) => row.company_id),
      ...held.flatMap((row) => (row.company_id === null ? [] : [row.company_id])),
      ...imitations.flatMap((found) => (found?.ownerCompanyId ? [found.ownerCompanyId] : [])),
    ]),
  ]
  const owners = await platform.services.exhibitors.channelOwners(companyIds, actor.locale)
  const nameOf = (companyId: number) => owners.get(companyId)?.name ?? `#${companyId}`
  return {
    total,
    rows: rows.map((row, index): QueueRow => {
      const entry = held.find((candidate) => candidate.kind === row.kind && candidate.lookup_key === row.lookup_key)
      const imitation = imitations[index]
      return {
        id: row.id,
        company: { companyId: row.company_id, name: nameOf(row.company_id) },
        exhibition: { id: row.exhibition_id, title: row.exhibition_title },
        kind: row.kind,
        display: row.display,
        note: row.note,
        submittedAt: iso(row.submitted_at),
        suggestedValidUntil: suggestedValidUntil(row.exhibition_ends_on),
        registered: entry
          ? {
              owner: entry.company_id === null ? 'brand' : entry.company_id === row.company_id ? 'company' : 'other',
              name: entry.company_id === null ? null : nameOf(entry.company_id),
              retiredOn: entry.retired_on,
              validUntil: entry.valid_until,
            }
          : null,
        lookalike: imitation
          ? { reason: imitation.reason, resembles: imitation.resembles, owner: imitation.ownerCompanyId === null ? null : nameOf(imitation.ownerCompanyId) }
          : null,
      }
    }),
  }
}

const submissionNotFound = () => notFound('console:errors.submissionNotFound')

/** What the audit log keeps of a submission: ids and the value, never the member who sent it. */
const audited = (row: repo.SubmissionRow) => ({
  companyId: row.company_id,
  exhibitionId: row.exhibition_id,
  kind: row.kind,
  display: row.display,
  state: row.state,
})

/** The company's administrators at the submission's exhibition, each with the company's name in their language (read before the decision's transaction). */
async function recipientsOf(platform: Platform, row: repo.SubmissionRow): Promise<Array<{ email: string; locale: Locale; exhibitor: string }>> {
  const admins = await platform.services.exhibitors.channelAdmins(row.company_id, row.exhibition_id)
  const names = new Map<Locale, string>()
  for (const locale of new Set(admins.map((admin) => admin.locale))) {
    names.set(locale, (await platform.services.exhibitors.channelOwners([row.company_id], locale)).get(row.company_id)?.name ?? '')
  }
  return admins.map((admin) => ({ ...admin, exhibitor: names.get(admin.locale) ?? '' }))
}

/**
 * One decision: the submission is locked and must still be pending (of two verifiers at once, one
 * wins; the other is told it was decided), then in the same transaction the register entry (on
 * approval), the submission's state, the audit row and the mails to the company's administrators.
 */
async function decide<T>(
  platform: Platform,
  actor: StaffActor,
  id: number,
  fn: string,
  work: (
    tx: Queryable,
    row: repo.SubmissionRow,
  ) => Promise<{ after: Record<string, unknown>; mail: Omit<DecisionMail, 'locale' | 'to' | 'exhibitor' | 'kind' | 'value'>; result: T }>,
): Promise<T> {
  const found = await repo.submissionById(platform.db, id)
  if (!found) throw submissionNotFound()
  const recipients = await recipientsOf(platform, found)
  const db: Database = platform.db
  const result = await db.transaction(async (tx) => {
    const row = await repo.submissionById(tx, id, true)
    if (!row) throw submissionNotFound()
    if (row.state !== 'pending') throw conflict('console:errors.submissionDecided')
    const done = await work(tx, row)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: fn, target: `channel-submission:${row.id}`, before: audited(row), after: { ...audited(row), ...done.after } },
    )
    for (const recipient of recipients) {
      await queueMail(
        tx,
        decisionMail({
          ...done.mail,
          locale: recipient.locale,
          to: recipient.email,
          exhibitor: recipient.exhibitor,
          kind: row.kind,
          value: row.display,
        }),
      )
    }
    return done.result
  })
  // The public check and the exhibitor's page answer from the register at once.
  platform.contentChanged({ scope: 'verification' })
  platform.contentChanged({ scope: 'exhibitors' })
  return result
}

export function mailSettingsOf(platform: Platform) {
  return { brand: platform.config.BRAND_NAME, contactEmail: platform.config.CONTACT_EMAIL, publicOrigin: platform.config.PUBLIC_ORIGIN }
}

export async function approveSubmission(
  platform: Platform,
  actor: StaffActor,
  input: { id: number; validUntil: string },
): Promise<{ id: number; channel: ChannelRow }> {
  const today = day(new Date())
  if (input.validUntil < today) throw invalid({ validUntil: 'console:errors.submissionValidUntil' }, 'console:errors.submissionValidUntil')
  return decide(platform, actor, input.id, 'console$approveChannelSubmission', async (tx, row) => {
    const fields: register.ChannelFields = {
      kind: row.kind,
      key: row.lookup_key,
      display: row.display,
      purpose: 'general',
      since: today,
      until: null,
      public: false,
      note: '',
      companyId: row.company_id,
      validUntil: input.validUntil,
    }
    let channel = await register.insertChannel(tx, fields)
    if (!channel) {
      // The value is in the register: this company's lapsed or retired entry is renewed; anyone else's is theirs.
      const [held] = await repo.registeredAs(tx, [{ kind: row.kind, key: row.lookup_key }])
      const existing = held?.company_id === row.company_id ? await register.channelByKey(tx, row.kind, row.lookup_key) : null
      if (!existing) throw conflict('console:errors.registerDuplicate', { value: row.display })
      channel = await register.updateChannel(tx, existing.id, {
        ...fields,
        purpose: existing.purpose,
        since: existing.since,
        note: existing.note,
        public: existing.public,
      })
      if (!channel) throw conflict('console:errors.registerDuplicate', { value: row.display })
    }
    await repo.setDecision(tx, row.id, { state: 'approved', by: actor.staffId, at: new Date(), reason: null, channelId: channel.id })
    return {
      after: { state: 'approved', channelId: channel.id, validUntil: input.validUntil },
      mail: { decision: 'approved', validUntil: input.validUntil, reason: null, ...mailSettingsOf(platform) },
      result: { id: row.id, channel: channel as ChannelRow },
    }
  })
}

export async function rejectSubmission(platform: Platform, actor: StaffActor, input: { id: number; reason: string }): Promise<{ id: number }> {
  return decide(platform, actor, input.id, 'console$rejectChannelSubmission', async (tx, row) => {
    await repo.setDecision(tx, row.id, { state: 'rejected', by: actor.staffId, at: new Date(), reason: input.reason, channelId: null })
    return {
      after: { state: 'rejected', reason: input.reason },
      mail: { decision: 'rejected', validUntil: null, reason: input.reason, ...mailSettingsOf(platform) },
      result: { id: row.id },
    }
  })
}

/** Which exhibitors (company in an exhibition, keyed `company:exhibition`) have a channel verified on the day of `at` (docs/product.md#console-exhibitors). */
export function verifiedChannelsOf(db: Queryable, pairs: ReadonlyArray<{ companyId: number; exhibitionId: number }>, at: Date): Promise<Set<string>> {
  return repo.verifiedPairs(db, pairs, day(at))
}
