import type { z } from 'zod'
import type { ApplicationKind } from '../../../../shared/contracts/applications.ts'
import type * as contracts from '../../../../shared/contracts/console-applications.ts'
import { localeOf } from '../../../../shared/languages.ts'
import { personName, STATUS_TRANSITIONS } from '../../../../shared/rules/applications.ts'
import type { Queryable } from '../../../db/client.ts'
import type { Platform } from '../../platform.ts'
import { consoleStrings } from '../../kit/strings.ts'
import type { Cell } from '../../kit/csv.ts'
import { cursorBatches, type ExportSource } from '../../kit/export-table.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { applicationNotFound, decide } from '../applications.decide.ts'
import { boothOf } from '../applications.export.ts'
import * as repo from '../applications.repo.ts'

type ListQuery = z.output<typeof contracts.applicationList.payload>
type DecideQuery = z.output<typeof contracts.decideApplication.payload>
type Detail = z.output<typeof contracts.applicationDetailView>

const iso = (value: Date | string) => new Date(value).toISOString()
const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value))
const inScope = (actor: StaffActor, exhibitionId: number) => actor.scope === null || actor.scope.includes(exhibitionId)

/** Who applied, in one line: the company, or the person's name in the order of the member's language. */
const applicantOf = (row: repo.ReviewRow, actor: StaffActor) =>
  row.kind === 'exhibitor' ? (row.company_name ?? '') : personName(actor.locale, row.given_name ?? '', row.surname ?? '')

function rowOf(row: repo.ReviewRow, actor: StaffActor): z.output<typeof contracts.applicationRow> {
  return {
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    exhibitionId: row.exhibition_id,
    exhibitionTitle: row.exhibition_title,
    applicant: applicantOf(row, actor),
    email: row.email,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
  }
}

/** One page of the review queue, searched and filtered on the server, within the member's exhibitions. */
export async function applicationList(db: Queryable, actor: StaffActor, query: ListQuery): Promise<z.output<typeof contracts.applicationList.result>> {
  const filter: repo.ReviewFilter = {
    scope: actor.scope,
    locale: actor.locale,
    exhibitionId: query.exhibitionId ?? null,
    kind: query.kind ?? null,
    status: query.status ?? null,
    search: query.search || null,
  }
  const [{ rows, total }, exhibitions] = await Promise.all([
    repo.reviewPage(db, filter, query.page, query.pageSize),
    repo.exhibitionsForReview(db, actor.scope, actor.locale),
  ])
  return { rows: rows.map((row) => rowOf(row, actor)), total, exhibitions }
}

/** An application of an exhibition outside the member's limits does not exist for them. */
async function inScopeByReference(db: Queryable, actor: StaffActor, reference: string): Promise<repo.ReviewRow> {
  const row = await repo.reviewByReference(db, reference, actor.locale)
  if (!row || !inScope(actor, row.exhibition_id)) throw applicationNotFound()
  return row
}

export async function applicationDetail(db: Queryable, actor: StaffActor, reference: string): Promise<Detail> {
  const row = await inScopeByReference(db, actor, reference)
  const decisions = await repo.decisionsOf(db, row.id)
  return {
    ...rowOf(row, actor),
    locale: row.locale,
    linkedAccount: row.linked_account,
    phone: row.phone_e164,
    companyName: row.company_name,
    website: row.website,
    contactPerson: row.contact_person,
    booth: row.booth_size ? { size: row.booth_size, width: numberOrNull(row.booth_width_m), depth: numberOrNull(row.booth_depth_m) } : null,
    method: row.exhibiting_method,
    surname: row.surname,
    givenName: row.given_name,
    position: row.position,
    identity: row.identity,
    industry: row.industry,
    applicantNote: row.applicant_note,
    nextStatuses: [...STATUS_TRANSITIONS[row.status]],
    decisions: decisions.map((decision) => ({
      from: decision.from_status,
      to: decision.to_status,
      applicantNote: decision.applicant_note,
      internalNote: decision.internal_note,
      by: decision.staff_name,
      at: iso(decision.created_at),
    })),
  }
}

/** What the audit log keeps of a decision: the status and the note the applicant reads. */
const audited = (row: repo.ReviewRow) => ({ status: row.status, applicantNote: row.applicant_note })

/**
 * A decision by a member: scope first (outside it, the application does not exist), then the
 * service's rules, the applicant's mail and the audit row, all in one transaction.
 */
export async function decideApplication(platform: Platform, actor: StaffActor, query: DecideQuery): Promise<Detail> {
  const { db, config } = platform
  await db.transaction(async (tx) => {
    await inScopeByReference(tx, actor, query.reference)
    const { before, after } = await decide(
      tx,
      {
        reference: query.reference,
        to: query.status,
        expected: query.expected,
        applicantNote: query.applicantNote,
        internalNote: query.internalNote,
        staffId: actor.staffId,
      },
      { brand: config.BRAND_NAME, contactEmail: config.CONTACT_EMAIL, publicOrigin: config.PUBLIC_ORIGIN },
    )
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$decideApplication',
        target: `application:${before.reference}`,
        before: audited(before),
        after: { ...audited(after), internalNote: query.internalNote },
      },
    )
  })
  // An accepted exhibitor application may have put an exhibitor in the directory (or taken one out).
  platform.contentChanged({ scope: 'exhibitors' })
  return applicationDetail(db, actor, query.reference)
}

/** A column: its header's key under `console:applications.columns` and its cell. */
type Column = readonly [key: string, cell: (row: repo.ReviewRow) => Cell]

const COLUMNS: readonly Column[] = [
  ['reference', (row) => row.reference],
  ['submittedAt', (row) => iso(row.created_at)],
  ['kind', (row) => row.kind],
  ['status', (row) => row.status],
  ['decidedAt', (row) => (row.decided_at ? iso(row.decided_at) : null)],
  ['companyName', (row) => row.company_name],
  ['website', (row) => row.website],
  ['contactPerson', (row) => row.contact_person],
  ['surname', (row) => row.surname],
  ['givenName', (row) => row.given_name],
  ['position', (row) => row.position],
  ['identity', (row) => row.identity],
  ['industry', (row) => row.industry],
  ['email', (row) => row.email],
  ['phone', (row) => row.phone_e164],
  ['booth', (row) => boothOf(row) || null],
  ['method', (row) => row.exhibiting_method],
  ['language', (row) => row.locale],
  ['applicantNote', (row) => row.applicant_note],
]

/**
 * One exhibition's applications (or one kind's) as a streamed file (docs/product.md#streamed-exports),
 * headers in the member's language. Personal data leaves the system here, so the export is audited
 * with its row count, as `console$applicationExport`.
 */
export const APPLICATION_EXPORT: ExportSource = {
  audit: (only) => ({ function: 'console$applicationExport', after: { kind: only ?? 'all' } }),
  count: (tx, exhibitionId, only) => repo.countReviewExport(tx, exhibitionId, only as ApplicationKind | null),
  async table(tx, request, batchRows) {
    const t = consoleStrings(request.language)
    return {
      header: COLUMNS.map(([key]) => t(`applications.columns.${key}`)),
      batches: cursorBatches<repo.ReviewRow>(
        tx,
        repo.reviewExport(request.exhibitionId, localeOf(request.language), request.only as ApplicationKind | null),
        batchRows,
        (rows) => rows.map((row) => COLUMNS.map(([, cell]) => cell(row))),
      ),
    }
  },
}
