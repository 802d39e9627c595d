import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type * as consoleContracts from '../../../shared/contracts/console-scam-reports.ts'
import type { ScamReportForm } from '../../../shared/contracts/scam-reports.ts'
import type { FieldErrors } from '../../../shared/contracts/define.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { ChannelKind } from '../../../shared/rules/verification.ts'
import { parseMoney } from '../../../shared/rules/money.ts'
import { reportFieldErrors } from '../../../shared/rules/scam-report-form.ts'
import { nextStatuses, referenceFrom, SCAM_REPORT_LIMITS, SCAM_REPORT_MESSAGES, type ScamGroupStatus } from '../../../shared/rules/scam-reports.ts'
import { EVIDENCE_LIMITS, EVIDENCE_MESSAGES } from '../../../shared/rules/scam-report-evidence.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import { loadStrings } from '../kit/strings.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import { addressKey, type RateRule } from '../rate-limits.ts'
import type { StaffActor } from '../staff-actor.ts'
import { reportChannelOf } from '../verification/index.ts'
import { attachEvidence, keptEvidence, removeFiles, sweepWaitingEvidence } from './evidence.ts'
import { receiptMail, replyMail } from './scam-reports.mail.ts'
import * as repo from './scam-reports.repo.ts'

const scamStrings = loadStrings('scam')

type GroupRow = z.output<typeof consoleContracts.scamReportGroupRow>
type GroupDetail = z.output<typeof consoleContracts.scamReportGroupDetail>

/** Reports per address: a person with several scams to tell, never a flood (docs/product.md#scam-reports). */
export const REPORT_LIMITS: RateRule[] = [
  { name: 'scamReports.hour', points: 5, durationSeconds: 3600 },
  { name: 'scamReports.day', points: 20, durationSeconds: 86_400 },
]

const iso = (at: Date | string) => new Date(at).toISOString()

export interface Reporter {
  ip: string
  locale: Locale
  /** A signed-in reporter: the report goes with their account. */
  userId: string | null
}

export interface CleanReport {
  description: string
  channels: Array<{ kind: string; key: string; display: string; alertKind: ChannelKind | null }>
  happenedOn: string
  lost: { minor: number; currency: string } | null
  email: string | null
  consent: boolean
}

/**
 * Every field at once, a channel with the public check's own words, so the form shows all that is
 * wrong in one go. `today` is the last day a scam can have happened (UTC: a day ahead of no one).
 */
export function checkReport(form: ScamReportForm, country: string | null, today: string): { clean: CleanReport } | { errors: FieldErrors } {
  const errors: FieldErrors = reportFieldErrors(form, today)
  const channels: CleanReport['channels'] = []
  form.channels.forEach((raw, index) => {
    const value = raw.trim()
    if (!value) return
    const channel = reportChannelOf(value, country)
    if (!channel.ok) errors[`channels.${index}`] = channel.error
    else if (channels.some((seen) => seen.kind === channel.kind && seen.key === channel.key)) errors[`channels.${index}`] = SCAM_REPORT_MESSAGES.channelRepeated
    else channels.push({ kind: channel.kind, key: channel.key, display: channel.display, alertKind: channel.alertKind })
  })
  if (new Set(form.evidence).size > EVIDENCE_LIMITS.files) errors.evidence = EVIDENCE_MESSAGES.tooMany
  if (Object.keys(errors).length) return { errors }
  const email = form.email.trim().toLowerCase()
  const lost = form.amount.trim() ? { minor: (parseMoney(form.amount, form.currency) as { minor: number }).minor, currency: form.currency } : null
  return {
    clean: {
      description: form.description.normalize('NFC').trim(),
      channels,
      happenedOn: form.happenedOn,
      lost,
      email: email || null,
      consent: Boolean(email) && form.consent,
    },
  }
}

/** A fresh reference: eight symbols of Crockford's base 32 from the system's random source. */
export function newReference(): string {
  return referenceFrom([...randomBytes(8)])
}

/** Forms sent without JavaScript that came back refused: kept a few minutes for the page to show again. */
const DRAFT_TTL_MS = 10 * 60_000
const DRAFT_MAX = 2000

interface Draft {
  values: ScamReportForm
  errors: FieldErrors
  failed: string | null
  seconds: number | null
  until: number
}

export function createScamReportService(platform: Platform) {
  const drafts = new Map<string, Draft>()
  const country = (ip: string) => {
    const geo = platform.geo.countryOf(ip)
    return geo.known ? geo.alpha2 : null
  }
  const settings = () => ({ brand: platform.config.BRAND_NAME, contactEmail: platform.config.CONTACT_EMAIL, publicOrigin: platform.config.PUBLIC_ORIGIN })

  /** The group a channel's reports go to: its own, or the one it was merged into. */
  const groupFor = async (tx: Queryable, channel: { kind: string; key: string; display: string }, at: Date) => {
    const group = await repo.upsertGroup(tx, channel, at)
    return group.merged_into ?? group.id
  }

  async function submit(form: ScamReportForm, reporter: Reporter): Promise<{ reference: string }> {
    const checked = checkReport(form, country(reporter.ip), new Date().toISOString().slice(0, 10))
    if ('errors' in checked) throw invalid(checked.errors)
    // Checked first: a reporter over the limit still learns what was wrong with the form.
    for (const rule of REPORT_LIMITS) await platform.rateLimits.consume(rule, addressKey(reporter.ip))
    const { clean } = checked
    const at = new Date()
    const reference = await platform.db.transaction(async (tx) => {
      let made: { id: string; reference: string } | null = null
      // Forty random bits rarely meet; a meeting draws again rather than failing the reporter.
      for (let attempt = 0; attempt < 5 && !made; attempt++) {
        const candidate = newReference()
        const id = await repo.insertReport(tx, {
          reference: candidate,
          accountId: reporter.userId,
          description: clean.description,
          happenedOn: clean.happenedOn,
          amountMinor: clean.lost?.minor ?? null,
          currency: clean.lost?.currency ?? null,
          email: clean.email,
          consent: clean.consent,
          locale: reporter.locale,
          at,
        })
        if (id) made = { id, reference: candidate }
      }
      if (!made) throw new Error('no free scam report reference')
      if (!(await attachEvidence(tx, made.id, [...new Set(form.evidence)]))) throw invalid({ evidence: EVIDENCE_MESSAGES.gone })
      // Groups in one order, so two reports naming the same channels lock them alike.
      const channels = [...clean.channels].sort((a, b) => `${a.kind}:${a.key}`.localeCompare(`${b.kind}:${b.key}`))
      for (const channel of channels) {
        const groupId = await groupFor(tx, channel, at)
        await repo.linkChannel(tx, { reportId: made.id, groupId, ...channel })
      }
      if (clean.email)
        await queueMail(
          tx,
          receiptMail({ to: clean.email, locale: reporter.locale, reference: made.reference, channels: channels.map((c) => c.display), ...settings() }),
        )
      return made.reference
    })
    return { reference }
  }

  const toRow = (row: repo.GroupSummaryRow): GroupRow => ({
    id: Number(row.id),
    kind: row.kind,
    display: row.display,
    status: row.status,
    reports: row.reports,
    firstReportedAt: iso(row.first_at),
    lastReportedAt: iso(row.last_at),
    lost: (row.lost ?? []).map((entry) => ({ currency: entry.currency, minor: Number(entry.minor) })),
  })

  const groupNotFound = () => notFound('console:errors.scamGroupNotFound')

  /** A staff change to a group: locked, changed, audited, in one transaction. */
  async function change<T>(
    actor: StaffActor,
    groupId: number,
    fn: string,
    work: (tx: Queryable, group: repo.GroupRow, at: Date) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; result: T }>,
  ): Promise<T> {
    return platform.db.transaction(async (tx) => {
      const group = await repo.groupById(tx, groupId, true)
      if (!group || group.merged_into) throw groupNotFound()
      const at = new Date()
      const done = await work(tx, group, at)
      await platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        {
          function: fn,
          target: `scam-group:${group.id}`,
          before: { kind: group.kind, display: group.display, ...done.before },
          after: { kind: group.kind, display: group.display, ...done.after },
        },
      )
      return done.result
    })
  }

  const moveTo = (status: ScamGroupStatus) => async (tx: Queryable, group: repo.GroupRow, at: Date) => {
    if (!nextStatuses(group.status).includes(status)) throw conflict('console:errors.scamStatusMove', { from: group.status, to: status })
    await repo.setStatus(tx, group.id, status, at)
    return { before: { status: group.status }, after: { status }, result: { id: Number(group.id), status } }
  }

  /**
   * The one way a group becomes a confirmed scam (docs/product.md#scam-reports). It returns the channel
   * as the reports named it: what a public alert of it would show.
   */
  async function confirmReportGroup(
    actor: StaffActor,
    id: number,
  ): Promise<{ id: number; status: 'confirmed'; kind: GroupRow['kind']; channelKey: string; display: string; alerted: ChannelKind[] }> {
    const confirmed = await change(actor, id, 'console$setScamReportStatus', async (tx, group, at) => {
      const done = await moveTo('confirmed')(tx, group, at)
      // The confirmed channel becomes a public alert in the same transaction (docs/product.md#scam-alerts):
      // an official channel refuses it, and so the confirmation. An account name whose service no report
      // says (a bare "@name") is left for the verifier to publish with its service on the alerts screen.
      const alerts = await repo.alertChannelsOf(tx, group.id)
      const firstSeen = (await repo.firstSeenOf(tx, group.id)) ?? at.toISOString().slice(0, 10)
      const summary = Object.fromEntries(LOCALES.map((locale) => [locale, scamStrings(locale)('scamAlerts.fromReports')]))
      for (const alert of alerts) {
        await platform.services.verification.publishAlert(tx, { kind: alert.alert_kind, value: alert.display, impersonatedCompanyId: null, firstSeen, summary })
      }
      const alerted = alerts.map((alert) => alert.alert_kind)
      return {
        before: done.before,
        after: { ...done.after, alerts: alerted },
        result: { id: done.result.id, status: 'confirmed' as const, kind: group.kind, channelKey: group.channel_key, display: group.display, alerted },
      }
    })
    if (confirmed.alerted.length) platform.contentChanged({ scope: 'verification' })
    return confirmed
  }

  return {
    submit,
    confirmReportGroup,

    /** Keeps a refused no-JavaScript form for its page (an unguessable id, minutes only, in this process). */
    keepDraft(values: ScamReportForm, refusal: { errors: FieldErrors; failed: string | null; seconds: number | null }): string {
      const now = Date.now()
      for (const [id, draft] of drafts) if (draft.until < now || drafts.size >= DRAFT_MAX) drafts.delete(id)
      const id = randomBytes(16).toString('base64url')
      drafts.set(id, { values, ...refusal, until: now + DRAFT_TTL_MS })
      return id
    },
    async draft(id: string) {
      const draft = drafts.get(id)
      if (!draft || draft.until < Date.now()) return null
      const { until: _until, ...shown } = draft
      // The files still waiting: one past its waiting time is no longer offered.
      const kept = await keptEvidence(platform.db, shown.values.evidence)
      return { ...shown, values: { ...shown.values, evidence: kept.map((file) => file.token) }, kept }
    },

    async groups(input: { search: string; status?: ScamGroupStatus; kind?: GroupRow['kind']; after?: string; pageSize: number }) {
      const [at, id] = input.after ? input.after.split('_') : []
      const after = at && id && !Number.isNaN(Date.parse(at)) ? { at: new Date(at), id } : undefined
      const rows = await repo.groupPage(platform.db, { search: input.search, status: input.status, kind: input.kind, after, limit: input.pageSize + 1 })
      const page = rows.slice(0, input.pageSize)
      const last = page.at(-1)
      return { rows: page.map(toRow), next: rows.length > input.pageSize && last ? `${iso(last.last_at)}_${last.id}` : null }
    },

    async group(id: number): Promise<GroupDetail> {
      const summary = await repo.groupSummary(platform.db, id)
      if (!summary || summary.merged_into) throw groupNotFound()
      const [reports, notes, merged] = await Promise.all([
        repo.reportsOfGroup(platform.db, id),
        repo.notesOf(platform.db, id),
        repo.mergedInto(platform.db, id),
      ])
      const evidence = await repo.evidenceOfReports(
        platform.db,
        reports.map((report) => report.id),
      )
      return {
        ...toRow(summary),
        reportsList: reports.map((report) => ({
          id: Number(report.id),
          reference: report.reference,
          description: report.description,
          happenedOn: report.happened_on,
          lost: report.currency && report.amount_minor ? { currency: report.currency, minor: Number(report.amount_minor) } : null,
          channels: (report.channels ?? []).map((channel) => ({ kind: channel.kind, display: channel.display, groupId: Number(channel.group_id) })),
          email: report.contact_email,
          canReply: Boolean(report.contact_email && report.consent),
          language: report.locale,
          signedIn: report.account_id !== null,
          createdAt: iso(report.created_at),
          evidence: evidence
            .filter((file) => file.report_id === report.id)
            .map((file) => ({ id: Number(file.id), kind: file.kind, name: file.name, bytes: file.bytes })),
        })),
        notes: notes.map((note) => ({
          id: Number(note.id),
          kind: note.kind,
          body: note.body,
          reference: note.reference,
          author: note.author,
          createdAt: iso(note.created_at),
        })),
        merged: merged.map((group) => ({ id: Number(group.id), kind: group.kind, display: group.display })),
      }
    },

    async setStatus(actor: StaffActor, id: number, status: ScamGroupStatus): Promise<{ id: number; status: ScamGroupStatus }> {
      if (status === 'confirmed') {
        const confirmed = await confirmReportGroup(actor, id)
        return { id: confirmed.id, status: confirmed.status }
      }
      return change(actor, id, 'console$setScamReportStatus', moveTo(status))
    },

    async note(actor: StaffActor, id: number, body: string): Promise<{ id: number }> {
      return change(actor, id, 'console$noteScamReportGroup', async (tx, group, at) => {
        const noteId = await repo.insertNote(tx, { groupId: group.id, reportId: null, kind: 'note', body, staffId: actor.staffId, at })
        return { before: {}, after: { note: body }, result: { id: Number(noteId) } }
      })
    },

    async merge(actor: StaffActor, from: number, into: number): Promise<{ id: number }> {
      if (from === into) throw invalid({ from: 'console:errors.scamMergeSelf' }, 'console:errors.scamMergeSelf')
      return change(actor, into, 'console$mergeScamReportGroups', async (tx, target, at) => {
        const source = await repo.groupById(tx, from, true)
        if (!source || source.merged_into) throw invalid({ from: 'console:errors.scamGroupNotFound' }, 'console:errors.scamGroupNotFound')
        await repo.mergeGroups(tx, source.id, target.id, at)
        return {
          before: { merged: { id: Number(source.id), kind: source.kind, display: source.display } },
          after: { merged: { id: Number(source.id), kind: source.kind, display: source.display } },
          result: { id: Number(target.id) },
        }
      })
    },

    /** A short message to one report's reporter, in their language, only if they gave an address and consent. */
    async reply(actor: StaffActor, reportId: number, body: string): Promise<{ id: number }> {
      const report = await repo.reportById(platform.db, reportId)
      if (!report?.group_id) throw notFound('console:errors.scamReportNotFound')
      if (!report.contact_email || !report.consent) throw conflict('console:errors.scamNoConsent')
      const email = report.contact_email
      return change(actor, Number(report.group_id), 'console$replyToScamReporter', async (tx, group, at) => {
        const noteId = await repo.insertNote(tx, { groupId: group.id, reportId: report.id, kind: 'reply', body, staffId: actor.staffId, at })
        await queueMail(tx, replyMail({ to: email, locale: report.locale as Locale, reference: report.reference, body, ...settings() }))
        // The reporter's address stays out of the log: the reference names them.
        return { before: {}, after: { reference: report.reference, reply: body }, result: { id: Number(noteId) } }
      })
    },

    /** Deletes reports past their keeping time (docs/product.md#scam-reports). */
    async expire(now: Date): Promise<number> {
      const before = new Date(now.getTime() - SCAM_REPORT_LIMITS.keptDays * 86_400_000)
      const { reports, files } = await platform.db.transaction((tx) => repo.deleteReportsBefore(tx, before))
      await removeFiles(platform, files)
      return reports
    },

    /** Deletes files uploaded for forms never sent, past their waiting time. */
    sweepEvidence(now: Date): Promise<number> {
      return sweepWaitingEvidence(platform, now)
    },
  }
}

export type ScamReportService = ReturnType<typeof createScamReportService>
