import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-exhibitors.ts'
import { contentFallbackChain, type Locale, localeOf } from '../../../../shared/languages.ts'
import { type ExhibitorStage, progressOf, stageOf } from '../../../../shared/rules/console-exhibitors.ts'
import { type ProfileGap, profileGaps } from '../../../../shared/rules/exhibitors.ts'
import type { ChannelKind } from '../../../../shared/rules/verification.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, notFound } from '../../errors.ts'
import { countryName } from '../../kit/country-names.ts'
import type { Cell } from '../../kit/csv.ts'
import { cursorBatches, type ExportSource } from '../../kit/export-table.ts'
import { consoleStrings } from '../../kit/strings.ts'
import { boothStatesOf, boothsOfExhibitor } from '../../floor-plans/index.ts'
import { boothOrdersOfExhibitor, namedPassesOf, pendingBoothOrdersOf } from '../../tickets/index.ts'
import { verifiedChannelsOf } from '../../verification/index.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import * as exhibitors from '../exhibitors.repo.ts'
import { renewInvitation } from '../exhibitors.service.ts'
import { type TaskCounts, taskCounts } from '../tasks/tasks.service.ts'
import * as repo from './console-exhibitors.repo.ts'

type ListQuery = z.output<typeof contracts.exhibitorList.payload>
type Row = z.output<typeof contracts.exhibitorRow>
type Detail = z.output<typeof contracts.exhibitorDetailView>

const iso = (value: Date | string) => new Date(value).toISOString()
const now = () => new Date(Date.now())
const inScope = (actor: StaffActor, exhibitionId: number) => actor.scope === null || actor.scope.includes(exhibitionId)
const exhibitorNotFound = () => notFound('console:errors.exhibitorNotFound')

/** The profile's gaps by the exhibitor area's own rule, from what the row carries of the profile. */
function gapsOf(row: repo.ConsoleRow): ProfileGap[] {
  return profileGaps({
    kind: row.kind,
    website: row.website,
    country: row.country,
    licences: Array.from({ length: row.licences }),
    texts: row.en_summary === null ? {} : { en: { summary: row.en_summary, description: row.en_description ?? '' } },
  })
}

const NO_TASKS: TaskCounts = { done: 0, total: 0, overdue: 0 }

/** The tickets domain's count of valid passes per exhibitor (docs/product.md#team-passes). */
type PassCounter = Platform['services']['tickets']['passes']['namedOf']

/**
 * What the exhibitors' stages are decided from, asked of the domains that own each fact once for the
 * whole list (docs/product.md#console-exhibitors): passes named of the allowance, booths held and sold,
 * pending booth orders and channels verified today.
 */
interface Progress {
  passes: ReadonlyMap<number, Row['passes']>
  held: ReadonlySet<number>
  sold: ReadonlySet<number>
  verified: ReadonlySet<string>
}

async function progressFacts(db: Queryable, namedOf: PassCounter, rows: readonly repo.ConsoleRow[]): Promise<Progress> {
  const ids = rows.map((row) => row.id)
  const [named, allowances, booths, pending, verified] = await Promise.all([
    namedOf(db, ids),
    exhibitors.passAllowancesOf(db, ids),
    boothStatesOf(db, ids),
    pendingBoothOrdersOf(db, ids),
    verifiedChannelsOf(
      db,
      rows.map((row) => ({ companyId: row.company_id, exhibitionId: row.exhibition_id })),
      now(),
    ),
  ])
  return {
    passes: new Map(ids.map((id) => [id, { named: named.get(id) ?? 0, allowance: allowances.get(id) ?? 0 }])),
    held: new Set([...booths.held, ...pending]),
    sold: booths.sold,
    verified,
  }
}

function rowOf(row: repo.ConsoleRow, locale: Locale, tasks: ReadonlyMap<number, TaskCounts>, progress: Progress): Row & { stage: ExhibitorStage } {
  const gaps = gapsOf(row)
  const passes = progress.passes.get(row.id) ?? { named: 0, allowance: 0 }
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    country: row.country,
    countryName: row.country ? countryName(row.country, locale) : null,
    exhibitionId: row.exhibition_id,
    exhibitionTitle: row.exhibition_title,
    status: row.status,
    stage: stageOf({
      gaps,
      boothHeld: progress.held.has(row.id),
      boothSold: progress.sold.has(row.id),
      passes,
      channelVerified: progress.verified.has(`${row.company_id}:${row.exhibition_id}`),
    }),
    teamSize: row.members,
    openInvitations: row.open_invitations,
    gaps,
    tasks: tasks.get(row.id) ?? NO_TASKS,
    passes,
    applicationReference: row.application_reference,
  }
}

/** One page of the member's exhibitors, by name, searched and filtered on the server. */
export async function exhibitorList(
  db: Queryable,
  namedOf: PassCounter,
  actor: StaffActor,
  query: ListQuery,
): Promise<z.output<typeof contracts.exhibitorList.result>> {
  const chain = contentFallbackChain(actor.locale)
  const [found, exhibitions] = await Promise.all([
    repo.consoleRows(db, {
      scope: actor.scope,
      chain,
      exhibitionId: query.exhibitionId ?? null,
      kind: query.kind ?? null,
      search: query.search || null,
      now: now(),
    }),
    repo.exhibitionsFor(db, actor.scope, chain),
  ])
  const tasks = await taskCounts(
    db,
    found.map((row) => row.exhibition_id),
  )
  const progress = await progressFacts(db, namedOf, found)
  const rows = found.map((row) => rowOf(row, actor.locale, tasks, progress)).filter((row) => !query.stage || progressOf(row.status, row.stage) === query.stage)
  const start = (query.page - 1) * query.pageSize
  return { rows: rows.slice(start, start + query.pageSize), total: rows.length, exhibitions }
}

/** An exhibitor of an exhibition outside the member's limits does not exist for them. */
async function inScopeById(db: Queryable, actor: StaffActor, exhibitorId: number): Promise<repo.ConsoleRow> {
  const row = await repo.consoleRow(db, exhibitorId, contentFallbackChain(actor.locale), now())
  if (!row || !inScope(actor, row.exhibition_id)) throw exhibitorNotFound()
  return row
}

/** English first, then the languages in the order of the site's language list. */
const englishFirst = (a: { locale: string }, b: { locale: string }) => (a.locale === 'en' ? -1 : b.locale === 'en' ? 1 : a.locale.localeCompare(b.locale))

/** The exhibitor's booth orders as the console's order screen has them: booth, state, amounts and documents. */
async function boothOrdersOf(db: Queryable, exhibitorId: number, services: Pick<Platform['services'], 'invoices' | 'booths'>): Promise<Detail['boothOrders']> {
  const found = await boothOrdersOfExhibitor(db, exhibitorId)
  return Promise.all(
    found.map(async (order) => {
      const [booth, documents] = await Promise.all([services.booths.label(db, order.boothId), services.invoices.documentsOf(order.id)])
      const refunded = order.refundedMinor > 0 && order.refundedMinor >= order.totalMinor
      return {
        number: order.number,
        booth: { number: booth.number, hall: booth.hall },
        state: order.status === 'pending' ? 'held' : order.status === 'cancelled' ? 'cancelled' : refunded ? 'refunded' : 'paid',
        heldUntil: order.status === 'pending' ? iso(order.expiresAt) : null,
        boothFreed: order.status === 'cancelled',
        totalMinor: order.totalMinor,
        refundedMinor: order.refundedMinor,
        currency: order.currency,
        documents,
      }
    }),
  )
}

export async function exhibitorDetail(
  db: Queryable,
  actor: StaffActor,
  exhibitorId: number,
  services: Pick<Platform['services'], 'verification' | 'tickets' | 'invoices' | 'booths'>,
): Promise<Detail> {
  const row = await inScopeById(db, actor, exhibitorId)
  const chain = contentFallbackChain(actor.locale)
  const today = now().toISOString().slice(0, 10)
  const [company, channels, submissions, texts, licences, members, invitations, others, booths] = await Promise.all([
    exhibitors.company(db, row.company_id),
    repo.registerChannelsOf(db, row.company_id),
    services.verification.companySubmissions(Number(row.company_id)),
    exhibitors.textsOf(db, row.company_id),
    exhibitors.licencesOf(db, row.company_id),
    exhibitors.membersOf(db, row.id),
    repo.unusedInvitations(db, row.id),
    repo.otherExhibitors(db, row.company_id, row.id, chain, now()),
    boothsOfExhibitor(db, row.id),
  ])
  const boothOrders = await boothOrdersOf(db, row.id, services)
  const [passes, passList] = await Promise.all([progressFacts(db, services.tickets.passes.namedOf, [row]), services.tickets.passes.of(db, row.id)])
  return {
    ...rowOf(row, actor.locale, await taskCounts(db, [row.exhibition_id]), passes),
    namedPasses: passList.map((pass) => ({
      id: pass.id,
      firstName: pass.firstName,
      lastName: pass.lastName,
      email: pass.email,
      issuedAt: pass.issuedAt,
      checkedIn: pass.checkedIn,
    })),
    website: row.website,
    createdAt: iso(row.created_at),
    booths,
    boothOrders,
    texts: [...texts].sort(englishFirst),
    licences,
    logo: company?.logo_src ? { src: company.logo_src, width: Number(company.logo_width), height: Number(company.logo_height) } : null,
    channels: channels.map((channel) => {
      const state = channel.retired_on !== null ? 'retired' : channel.valid_until < today ? 'lapsed' : 'verified'
      return {
        id: Number(channel.id),
        kind: channel.kind as ChannelKind,
        display: channel.display,
        validUntil: channel.valid_until,
        retiredOn: channel.retired_on,
        state,
      }
    }),
    pendingChannels: submissions
      .filter((submission) => submission.state === 'pending')
      .map((submission) => ({ id: submission.id, kind: submission.kind, display: submission.display, submittedAt: submission.submittedAt })),
    members: members.map((member) => ({
      accountId: member.account_id,
      nick: member.nick,
      email: member.email,
      role: member.role,
      since: iso(member.created_at),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      locale: invitation.locale,
      expiresAt: iso(invitation.expires_at),
      expired: invitation.expires_at.getTime() <= Date.now(),
      invitedBy: invitation.invited_by_nick,
    })),
    application:
      row.application_reference && row.application_status
        ? { reference: row.application_reference, status: row.application_status as NonNullable<Detail['application']>['status'] }
        : null,
    otherExhibitions: others
      .filter((other) => inScope(actor, other.exhibition_id))
      .map((other) => ({
        exhibitorId: other.id,
        exhibitionId: other.exhibition_id,
        title: other.exhibition_title,
        status: other.status,
        startsAt: iso(other.starts_at),
      })),
  }
}

/**
 * The organiser mails an invitation not taken yet again (a lapsed one too): a new link valid a new week
 * (the service's one way of inviting), and the audit row, in one transaction. The exhibitor outside the member's limits, an
 * invitation used or revoked meanwhile: 404; a withdrawn exhibitor takes no one in: 409.
 */
export async function resendExhibitorInvitation(platform: Platform, actor: StaffActor, target: { exhibitorId: number; invitationId: number }): Promise<Detail> {
  const { db, config } = platform
  await db.transaction(async (tx) => {
    const row = await inScopeById(tx, actor, target.exhibitorId)
    if (row.status !== 'active') throw conflict('console:errors.exhibitorWithdrawn')
    const renewed = await renewInvitation(tx, { brand: config.BRAND_NAME, contactEmail: config.CONTACT_EMAIL, publicOrigin: config.PUBLIC_ORIGIN }, target)
    if (!renewed) throw notFound('console:errors.exhibitorInvitationNotFound')
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$resendExhibitorInvitation',
        target: `exhibitor:${target.exhibitorId}`,
        before: { invitation: target.invitationId, email: renewed.email, expiresAt: renewed.expiresBefore },
        after: { invitation: target.invitationId, email: renewed.email, role: renewed.role, locale: renewed.locale, expiresAt: renewed.expiresAt },
      },
    )
  })
  return exhibitorDetail(db, actor, target.exhibitorId, platform.services)
}

/**
 * A manager sets how many team passes the exhibitor may name (docs/product.md#team-passes), audited. Passes
 * already named stay valid when the grant falls below them; the exhibitor names no more until it is back above.
 */
export async function setExhibitorPassGrant(platform: Platform, actor: StaffActor, target: { exhibitorId: number; grant: number }): Promise<Detail> {
  const { db } = platform
  await db.transaction(async (tx) => {
    const row = await inScopeById(tx, actor, target.exhibitorId)
    const before = await exhibitors.lockPassGrant(tx, row.id)
    await exhibitors.setPassGrant(tx, row.id, target.grant)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$setExhibitorPassGrant', target: `exhibitor:${row.id}`, before: { grant: before }, after: { grant: target.grant } },
    )
  })
  return exhibitorDetail(db, actor, target.exhibitorId, platform.services)
}

/** A column: its header's key under `console:exhibitors.columns` and its cell. */
type Column = readonly [key: string, cell: (row: Row & { website: string | null }) => Cell]

const COLUMNS: readonly Column[] = [
  ['id', (row) => row.id],
  ['companyName', (row) => row.name],
  ['slug', (row) => row.slug],
  ['kind', (row) => row.kind],
  ['country', (row) => row.country],
  ['website', (row) => row.website],
  ['exhibition', (row) => row.exhibitionTitle],
  ['status', (row) => row.status],
  ['stage', (row) => row.stage],
  ['teamSize', (row) => row.teamSize],
  ['openInvitations', (row) => row.openInvitations],
  ['gaps', (row) => row.gaps.join(', ') || null],
  ['tasksDone', (row) => row.tasks.done],
  ['tasksTotal', (row) => row.tasks.total],
  ['tasksOverdue', (row) => row.tasks.overdue],
  ['passesNamed', (row) => row.passes.named],
  ['passAllowance', (row) => row.passes.allowance],
  ['application', (row) => row.applicationReference],
]

/**
 * One exhibition's exhibitors as a streamed file (docs/product.md#streamed-exports), headers and company
 * names in the member's language, withdrawn ones included (their status says so); each batch's stages
 * are read for that batch. Audited with its row count (`console$exhibitorExport`), as every export.
 */
export const EXHIBITOR_EXPORT: ExportSource = {
  audit: () => ({ function: 'console$exhibitorExport', after: {} }),
  count: (tx, exhibitionId) => repo.countConsoleRows(tx, exhibitionId, contentFallbackChain('en')),
  async table(tx, request, batchRows) {
    const t = consoleStrings(request.language)
    const locale = localeOf(request.language)
    const tasks = await taskCounts(tx, [request.exhibitionId])
    const query = repo.consoleRowsQuery({
      scope: null,
      chain: contentFallbackChain(locale),
      exhibitionId: request.exhibitionId,
      kind: null,
      search: null,
      now: now(),
    })
    return {
      header: COLUMNS.map(([key]) => t(`exhibitors.columns.${key}`)),
      batches: cursorBatches<repo.ConsoleRow>(tx, query, batchRows, async (found) => {
        const rows = found.map(repo.asConsoleRow)
        const progress = await progressFacts(tx, namedPassesOf, rows)
        return rows.map((row) => {
          const view = { ...rowOf(row, locale, tasks, progress), website: row.website }
          return COLUMNS.map(([, cell]) => cell(view))
        })
      }),
    }
  },
}
