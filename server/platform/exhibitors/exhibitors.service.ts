import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/exhibitors.ts'
import { contentFallbackChain, LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { EXHIBITOR_LIMITS, EXHIBITOR_MESSAGES, type MemberRole, profileGaps, slugOf } from '../../../shared/rules/exhibitors.ts'
import type { ChannelKind } from '../../../shared/rules/verification.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, forbidden, gone, invalid, notFound } from '../errors.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import { invitationMail } from './exhibitors.mail.ts'
import * as repo from './exhibitors.repo.ts'
import { createPassVerbs } from './passes.ts'

type Summary = z.output<typeof contracts.exhibitorSummary>
type Workspace = z.output<typeof contracts.workspaceView>
type Team = z.output<typeof contracts.teamView>
type ProfilePayload = z.output<typeof contracts.profilePayload>
type Directory = z.output<typeof contracts.exhibitorDirectory.result>
type Page = z.output<typeof contracts.exhibitorPage.result>
type Invitation = z.output<typeof contracts.exhibitorInvitation.result>
type Channels = z.output<typeof contracts.submitExhibitorChannel.result>

/** What the applications domain tells this one about a decision on an exhibitor application, inside its transaction. */
export interface ExhibitorApplicationDecision {
  applicationId: number
  exhibitionId: number
  /** The applicant's account when they applied signed in. */
  accountId: string | null
  email: string
  companyName: string
  website: string | null
  locale: Locale
  from: string
  to: string
}

/** An exhibiting company as a verification answer names it. */
export interface ChannelOwner {
  name: string
  slug: string
  /** The exhibition it is at (the next or current one, else its latest); null when at none now. */
  exhibition: { id: number; title: string } | null
}

/** Each exhibitor may send this many invitations an hour (each is a mail to any address, in our name). */
export const INVITATIONS: RateRule = { name: 'exhibitor.invitations', points: EXHIBITOR_LIMITS.invitationsPerHour, durationSeconds: 3600 }

/** Who the invitation mails come from. */
export interface MailSettings {
  brand: string
  contactEmail: string
  publicOrigin: string
}

const now = () => new Date(Date.now())
const iso = (value: Date | string) => new Date(value).toISOString()
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
const exhibitorNotFound = () => notFound(EXHIBITOR_MESSAGES.notFound)

function exhibitionOf(row: repo.ExhibitionRow) {
  return {
    id: row.exhibition_id,
    title: row.exhibition_title,
    city: row.exhibition_city,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    timeZone: row.time_zone,
  }
}

async function invite(
  tx: Queryable,
  settings: MailSettings,
  exhibitor: { id: number; name: string; exhibitionTitle: string },
  input: { email: string; role: MemberRole; locale: Locale; invitedBy: string | null },
): Promise<Date> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + EXHIBITOR_LIMITS.invitationDays * 86_400_000)
  await repo.upsertInvitation(tx, {
    exhibitorId: exhibitor.id,
    email: input.email,
    role: input.role,
    locale: input.locale,
    tokenHash: hashOf(token),
    invitedBy: input.invitedBy,
    expiresAt,
  })
  await queueMail(
    tx,
    invitationMail({
      locale: input.locale,
      to: input.email,
      exhibitor: exhibitor.name,
      exhibition: exhibitor.exhibitionTitle,
      role: input.role,
      token,
      expiresAt,
      ...settings,
    }),
  )
  return expiresAt
}

/**
 * A decision on an exhibitor application, in the decision's transaction. Accepting makes the
 * exhibitor (the company reused when the applicant already runs one of that name) with the
 * applicant as its first admin, or, for an application sent without signing in, an admin
 * invitation mailed to the address they gave. Leaving `accepted` withdraws it; accepting again
 * brings it back with its team.
 */
export async function applicationDecided(tx: Queryable, decision: ExhibitorApplicationDecision, settings: MailSettings): Promise<void> {
  const existing = await repo.exhibitorOfApplication(tx, decision.applicationId)
  if (decision.to !== 'accepted') {
    if (existing && decision.from === 'accepted') await repo.setStatus(tx, existing.id, 'withdrawn')
    return
  }
  if (existing) {
    await repo.setStatus(tx, existing.id, 'active')
    return
  }
  const reused = decision.accountId ? await repo.companyRunBy(tx, decision.accountId, decision.companyName) : null
  const companyId = reused ?? (await repo.insertCompany(tx, slugOf(decision.companyName), { kind: 'company', website: decision.website }))
  if (!reused) await repo.replaceTexts(tx, companyId, [{ locale: 'en', name: decision.companyName, summary: '', description: '' }])
  const exhibitorId = await repo.ensureExhibitor(tx, companyId, decision.exhibitionId, decision.applicationId)
  if (decision.accountId) {
    await repo.addMember(tx, exhibitorId, decision.accountId, 'admin')
  } else {
    const row = (await repo.exhibitorFor(tx, exhibitorId, '00000000-0000-0000-0000-000000000000', contentFallbackChain(decision.locale))) as repo.ExhibitorRow
    await invite(
      tx,
      settings,
      { id: exhibitorId, name: row.name, exhibitionTitle: row.exhibition_title },
      { email: decision.email, role: 'admin', locale: decision.locale, invitedBy: null },
    )
  }
}

/** No account: the exhibitor read without a member's role in it. */
const NOBODY = '00000000-0000-0000-0000-000000000000'

/** What the organiser's renewal of an invitation did, for the console's audit row. */
export interface RenewedInvitation {
  email: string
  role: MemberRole
  locale: string
  expiresBefore: string
  expiresAt: string
}

/**
 * The organiser mails an unused invitation again (docs/product.md#console-exhibitors): a new secret and
 * a new week, with the role, the language and the inviting member it was sent with; the old link stops
 * working. In the caller's transaction, so the console's audit row commits with it. Null when the
 * exhibitor has no such unused invitation; a withdrawn exhibitor takes no one in.
 */
export async function renewInvitation(
  tx: Queryable,
  settings: MailSettings,
  target: { exhibitorId: number; invitationId: number },
): Promise<RenewedInvitation | null> {
  // The exhibitor first, then the invitation: the order an admin's invitation takes its locks in.
  const locked = await repo.exhibitorFor(tx, target.exhibitorId, NOBODY, ['en'], true)
  if (!locked) return null
  if (locked.status !== 'active') throw conflict(EXHIBITOR_MESSAGES.withdrawn)
  const found = await repo.unusedInvitation(tx, target.exhibitorId, target.invitationId)
  if (!found) return null
  const locale = (LOCALES as readonly string[]).includes(found.locale) ? (found.locale as Locale) : 'en'
  // The mail names the exhibitor in the language it is written in.
  const row = (await repo.exhibitorFor(tx, target.exhibitorId, NOBODY, contentFallbackChain(locale))) as repo.ExhibitorRow
  const expiresAt = await invite(
    tx,
    settings,
    { id: row.id, name: row.name, exhibitionTitle: row.exhibition_title },
    { email: found.email, role: found.role, locale, invitedBy: found.invited_by },
  )
  return { email: found.email, role: found.role, locale, expiresBefore: iso(found.expires_at), expiresAt: iso(expiresAt) }
}

const logoOf = (row: { logo_src: string | null; logo_width: number | null; logo_height: number | null }) =>
  row.logo_src ? { src: row.logo_src, width: Number(row.logo_width), height: Number(row.logo_height) } : null

export function createExhibitorService(platform: Platform) {
  const { db, config } = platform
  const mailSettings: MailSettings = { brand: config.BRAND_NAME, contactEmail: config.CONTACT_EMAIL, publicOrigin: config.PUBLIC_ORIGIN }

  async function profileOf(db: Queryable, companyId: number): Promise<Workspace['profile']> {
    const [company, texts, licences] = await Promise.all([repo.company(db, companyId), repo.textsOf(db, companyId), repo.licencesOf(db, companyId)])
    if (!company) throw exhibitorNotFound()
    const byLocale = Object.fromEntries(texts.map((text) => [text.locale, { name: text.name, summary: text.summary, description: text.description }]))
    const profile = { kind: company.kind, country: company.country, website: company.website, licences, texts: byLocale }
    return { version: company.version, logo: logoOf(company), ...profile, gaps: profileGaps(profile) }
  }

  async function teamOf(db: Queryable, exhibitorId: number, viewer: { accountId: string; role: MemberRole }): Promise<Team> {
    const [members, invitations] = await Promise.all([repo.membersOf(db, exhibitorId), repo.openInvitationsOf(db, exhibitorId, now())])
    const admin = viewer.role === 'admin'
    return {
      members: members.map((member) => ({
        accountId: member.account_id,
        nick: member.nick,
        email: admin || member.account_id === viewer.accountId ? member.email : null,
        role: member.role,
        you: member.account_id === viewer.accountId,
        since: iso(member.created_at),
      })),
      invitations: admin
        ? invitations.map((invitation) => ({ id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: iso(invitation.expires_at) }))
        : [],
    }
  }

  /** The exhibitor as its member sees it; anyone else (and an id that does not exist) gets the same 404. */
  async function memberOf(db: Queryable, exhibitorId: number, accountId: string, locale: Locale, lock = false) {
    const row = await repo.exhibitorFor(db, exhibitorId, accountId, contentFallbackChain(locale), lock)
    if (!row?.role) throw exhibitorNotFound()
    return row as repo.ExhibitorRow & { role: MemberRole }
  }

  async function adminOf(tx: Queryable, exhibitorId: number, accountId: string, locale: Locale) {
    const row = await memberOf(tx, exhibitorId, accountId, locale, true)
    if (row.role !== 'admin') throw forbidden(EXHIBITOR_MESSAGES.adminsOnly)
    if (row.status !== 'active') throw conflict(EXHIBITOR_MESSAGES.withdrawn)
    return row
  }

  async function summaryOf(db: Queryable, row: repo.ExhibitorRow & { role: MemberRole }): Promise<Summary> {
    const profile = await profileOf(db, row.company_id)
    return { id: Number(row.id), slug: row.slug, name: row.name, role: row.role, status: row.status, exhibition: exhibitionOf(row), gaps: profile.gaps }
  }

  async function workspace(accountId: string, exhibitorId: number, locale: Locale): Promise<Workspace> {
    const row = await memberOf(db, exhibitorId, accountId, locale)
    const [exhibitor, profile, team, channels] = await Promise.all([
      summaryOf(db, row),
      profileOf(db, row.company_id),
      teamOf(db, exhibitorId, { accountId, role: row.role }),
      platform.services.verification.companySubmissions(Number(row.company_id)),
    ])
    return { exhibitor, profile, team, channels }
  }

  /**
   * An admin's change to the company's channel submissions (docs/product.md#exhibitor-channel-submissions):
   * the member checked and the company locked (one company's submissions, counted against their cap,
   * change one at a time whichever of its exhibitors they come from), then the verification domain's part.
   */
  async function changeChannels(
    accountId: string,
    exhibitorId: number,
    locale: Locale,
    work: (tx: Queryable, row: repo.ExhibitorRow) => Promise<void>,
  ): Promise<Channels> {
    const companyId = await db.transaction(async (tx) => {
      const row = await adminOf(tx, exhibitorId, accountId, locale)
      await repo.company(tx, row.company_id, true)
      await work(tx, row)
      return Number(row.company_id)
    })
    return { channels: await platform.services.verification.companySubmissions(companyId) }
  }

  /** A member of an exhibitor may read it; a changed profile shows at once on the directory's pages. */
  const changed = () => platform.contentChanged({ scope: 'exhibitors' })

  return {
    ...createPassVerbs(platform, { memberOf, adminOf }),

    /**
     * Inside another domain's transaction: the exhibitor an admin acts for, its row locked (so one
     * exhibitor's booth choices queue one after the other; docs/product.md#booth-checkout). Anyone
     * else gets the exhibitor's 404 or 403; a withdrawn exhibitor a 409.
     */
    async lockForAdmin(tx: Queryable, exhibitorId: number, accountId: string, locale: Locale): Promise<{ exhibitionId: number; name: string }> {
      const row = await adminOf(tx, exhibitorId, accountId, locale)
      return { exhibitionId: row.exhibition_id, name: row.name }
    },
    /** The exhibitor a member reads (any role); anyone else gets the exhibitor's 404. */
    async forMember(db: Queryable, exhibitorId: number, accountId: string, locale: Locale): Promise<{ exhibitionId: number; role: MemberRole }> {
      const row = await memberOf(db, exhibitorId, accountId, locale)
      return { exhibitionId: row.exhibition_id, role: row.role }
    },
    async mine(accountId: string, locale: Locale): Promise<Summary[]> {
      const rows = await repo.summariesOf(db, accountId, contentFallbackChain(locale), now())
      return Promise.all(rows.map((row) => summaryOf(db, row)))
    },

    workspace,

    async saveProfile(accountId: string, payload: ProfilePayload, locale: Locale): Promise<Workspace> {
      await db.transaction(async (tx) => {
        const row = await adminOf(tx, payload.exhibitorId, accountId, locale)
        await repo.company(tx, row.company_id, true)
        const saved = await repo.saveCompany(tx, row.company_id, payload.version, { kind: payload.kind, country: payload.country, website: payload.website })
        if (!saved) throw conflict(EXHIBITOR_MESSAGES.changed)
        const texts = LOCALES.flatMap((language) => {
          const text = payload.texts[language]
          return text?.name ? [{ locale: language, ...text }] : []
        })
        await repo.replaceTexts(tx, row.company_id, texts)
        await repo.replaceLicences(tx, row.company_id, payload.licences)
      })
      changed()
      return workspace(accountId, payload.exhibitorId, locale)
    },

    /** An admin's logo (a media item the upload route has stored), or none. */
    async setLogo(accountId: string, exhibitorId: number, mediaId: string | null, locale: Locale): Promise<Workspace['profile']['logo']> {
      const companyId = await db.transaction(async (tx) => {
        const row = await adminOf(tx, exhibitorId, accountId, locale)
        await repo.setLogo(tx, row.company_id, mediaId)
        return row.company_id
      })
      changed()
      return (await profileOf(db, companyId)).logo
    },

    submitChannel: (accountId: string, input: { exhibitorId: number; kind: ChannelKind; value: string; note: string }, locale: Locale) =>
      changeChannels(accountId, input.exhibitorId, locale, (tx, row) =>
        platform.services.verification.submitChannel(tx, {
          companyId: Number(row.company_id),
          exhibitionId: Number(row.exhibition_id),
          accountId,
          kind: input.kind,
          value: input.value,
          note: input.note,
        }),
      ),

    withdrawChannel: (accountId: string, input: { exhibitorId: number; submissionId: number }, locale: Locale) =>
      changeChannels(accountId, input.exhibitorId, locale, (tx, row) =>
        platform.services.verification.withdrawSubmission(tx, { companyId: Number(row.company_id), submissionId: input.submissionId }),
      ),

    /** A company's administrators at an exhibition and their languages (whom the verifier's decisions are mailed to). */
    async channelAdmins(companyId: number, exhibitionId: number): Promise<Array<{ email: string; locale: Locale }>> {
      const rows = await repo.companyAdmins(db, companyId, exhibitionId)
      return rows.map((row) => ({ email: row.email, locale: (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en' }))
    },

    /** Whether the account may change this exhibitor (the upload route asks before it reads the file). */
    async mayEdit(accountId: string, exhibitorId: number): Promise<boolean> {
      const row = await repo.exhibitorFor(db, exhibitorId, accountId, ['en'])
      return row?.role === 'admin' && row.status === 'active'
    },

    async invite(accountId: string, input: { exhibitorId: number; email: string; role: MemberRole }, locale: Locale): Promise<Team> {
      await db.transaction(async (tx) => {
        const row = await adminOf(tx, input.exhibitorId, accountId, locale)
        const members = await repo.membersOf(tx, row.id)
        if (members.some((member) => member.email.toLowerCase() === input.email.toLowerCase())) {
          throw invalid({ email: EXHIBITOR_MESSAGES.alreadyMember }, EXHIBITOR_MESSAGES.alreadyMember)
        }
        const open = await repo.openInvitationsOf(tx, row.id, now())
        const renewing = open.some((invitation) => invitation.email.toLowerCase() === input.email.toLowerCase())
        if (!renewing && (await repo.teamSize(tx, row.id, now())) >= EXHIBITOR_LIMITS.team) throw conflict(EXHIBITOR_MESSAGES.teamFull)
        await platform.rateLimits.consume(INVITATIONS, String(row.id))
        // The invitation is read by the person invited, in the language the admin writes in.
        await invite(
          tx,
          mailSettings,
          { id: row.id, name: row.name, exhibitionTitle: row.exhibition_title },
          { email: input.email, role: input.role, locale, invitedBy: accountId },
        )
      })
      const row = await memberOf(db, input.exhibitorId, accountId, locale)
      return teamOf(db, row.id, { accountId, role: row.role })
    },

    async revokeInvitation(accountId: string, input: { exhibitorId: number; invitationId: number }, locale: Locale): Promise<Team> {
      await db.transaction(async (tx) => {
        await adminOf(tx, input.exhibitorId, accountId, locale)
        if (!(await repo.deleteInvitation(tx, input.exhibitorId, input.invitationId))) throw notFound(EXHIBITOR_MESSAGES.invitationInvalid)
      })
      return teamOf(db, input.exhibitorId, { accountId, role: 'admin' })
    },

    /** An admin removes anyone; a member removes themselves (leaves). An exhibitor always keeps one admin. */
    async removeMember(accountId: string, input: { exhibitorId: number; accountId: string }, locale: Locale): Promise<{ left: boolean; team: Team | null }> {
      const leaving = input.accountId === accountId
      await db.transaction(async (tx) => {
        const row = await memberOf(tx, input.exhibitorId, accountId, locale, true)
        if (!leaving && row.role !== 'admin') throw forbidden(EXHIBITOR_MESSAGES.adminsOnly)
        const members = await repo.membersOf(tx, row.id)
        const target = members.find((member) => member.account_id === input.accountId)
        if (!target) throw notFound(EXHIBITOR_MESSAGES.notFound)
        if (target.role === 'admin' && (await repo.adminCount(tx, row.id)) <= 1) throw conflict(EXHIBITOR_MESSAGES.lastAdmin)
        await repo.removeMember(tx, row.id, input.accountId)
      })
      if (leaving) return { left: true, team: null }
      return { left: false, team: await teamOf(db, input.exhibitorId, { accountId, role: 'admin' }) }
    },

    async invitation(accountId: string, token: string, locale: Locale): Promise<Invitation> {
      const found = await repo.invitationByHash(db, hashOf(token))
      if (!found) throw notFound(EXHIBITOR_MESSAGES.invitationInvalid)
      const row = await repo.exhibitorFor(db, found.exhibitor_id, accountId, contentFallbackChain(locale))
      if (!row) throw notFound(EXHIBITOR_MESSAGES.invitationInvalid)
      const state = found.accepted_at ? 'used' : found.expires_at.getTime() <= Date.now() ? 'expired' : 'open'
      return { exhibitorName: row.name, exhibition: exhibitionOf(row), role: found.role, email: found.email, state, memberAlready: row.role !== null }
    },

    /** Taking an invitation: once, within its validity, by the signed-in account that opens the link. */
    async acceptInvitation(accountId: string, token: string): Promise<{ exhibitorId: number }> {
      return db.transaction(async (tx) => {
        const found = await repo.invitationByHash(tx, hashOf(token), true)
        if (!found) throw notFound(EXHIBITOR_MESSAGES.invitationInvalid)
        if (found.accepted_at) throw gone(EXHIBITOR_MESSAGES.invitationUsed)
        if (found.expires_at.getTime() <= Date.now()) throw gone(EXHIBITOR_MESSAGES.invitationExpired)
        await repo.addMember(tx, found.exhibitor_id, accountId, found.role)
        await repo.markAccepted(tx, found.id, accountId, now())
        return { exhibitorId: found.exhibitor_id }
      })
    },

    /** Companies by id as the verification answer names them (docs/product.md#exhibitor-channels). */
    async channelOwners(companyIds: number[], locale: Locale): Promise<Map<number, ChannelOwner>> {
      if (!companyIds.length) return new Map()
      const rows = await repo.owners(db, [...new Set(companyIds)], contentFallbackChain(locale), now())
      return new Map(
        rows.map((row) => [
          row.company_id,
          {
            name: row.name,
            slug: row.slug,
            exhibition: row.exhibition_id === null ? null : { id: Number(row.exhibition_id), title: row.exhibition_title ?? '' },
          },
        ]),
      )
    },

    /** Companies the register's verifier may record channels for, by name in the member's language. */
    async registerOwners(locale: Locale): Promise<Array<{ companyId: number; name: string }>> {
      const rows = await repo.registerOwners(db, contentFallbackChain(locale), new Date(Date.now() - 365 * 86_400_000))
      return rows.map((row) => ({ companyId: row.company_id, name: row.name }))
    },

    async directory(
      exhibitionId: number,
      filter: { search?: string | undefined; kind?: Directory['kinds'][number] | undefined; country?: string | undefined },
      locale: Locale,
    ): Promise<Directory> {
      const chain = contentFallbackChain(locale)
      const exhibition = await repo.exhibition(db, exhibitionId, chain)
      if (!exhibition) throw notFound()
      const [rows, choices] = await Promise.all([
        repo.directory(db, exhibitionId, chain, { search: filter.search || null, kind: filter.kind ?? null, country: filter.country ?? null }),
        repo.directoryChoices(db, exhibitionId),
      ])
      // In the reader's order: Chinese names by pinyin (Simplified) or by strokes (Traditional) before
      // Latin ones, each language's own alphabet elsewhere; the database's byte order put Chinese names
      // by code point after every Latin one.
      const collator = new Intl.Collator(LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang, { numeric: true })
      const sorted = [...rows].sort((a, b) => collator.compare(a.name, b.name) || (a.slug < b.slug ? -1 : 1))
      const items = sorted.map((row) => ({
        slug: row.slug,
        name: row.name,
        summary: row.summary,
        kind: row.kind,
        country: row.country,
        logo: logoOf(row),
        textLocale: row.text_locale,
        demo: row.demo,
      }))
      return { exhibition: exhibitionOf(exhibition), items, ...choices, total: items.length }
    },

    async page(exhibitionId: number, slug: string, locale: Locale): Promise<Page> {
      const chain = contentFallbackChain(locale)
      const [exhibition, row] = await Promise.all([repo.exhibition(db, exhibitionId, chain), repo.pageOf(db, exhibitionId, slug, chain)])
      if (!exhibition || !row) throw exhibitorNotFound()
      const [licences, texts, channels] = await Promise.all([
        repo.licencesOf(db, row.company_id),
        repo.textsOf(db, row.company_id),
        repo.verifiedChannels(db, row.company_id, now().toISOString().slice(0, 10)),
      ])
      return {
        exhibition: exhibitionOf(exhibition),
        exhibitor: {
          slug: row.slug,
          name: row.name,
          summary: row.summary,
          description: row.description,
          kind: row.kind,
          country: row.country,
          website: row.website,
          logo: logoOf(row),
          licences: await platform.services.search.profilesOfLicences(licences),
          textLocale: row.text_locale,
          demo: row.demo,
          locales: texts.map((text) => text.locale),
          channels: channels.map((channel) => ({ kind: channel.kind as ChannelKind, display: channel.display, validUntil: channel.valid_until })),
        },
      }
    },
  }
}

export type ExhibitorService = ReturnType<typeof createExhibitorService>
