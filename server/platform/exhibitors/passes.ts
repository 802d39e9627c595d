import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/exhibitors.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import { EXHIBITOR_MESSAGES, type MemberRole } from '../../../shared/rules/exhibitors.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import * as repo from './exhibitors.repo.ts'

type PassesView = z.output<typeof contracts.passesView>
type Attendee = z.output<typeof contracts.nameExhibitorPass.payload>['attendee']
type Member = repo.ExhibitorRow & { role: MemberRole }
type PassExhibition = Awaited<ReturnType<Platform['services']['tickets']['passes']['exhibition']>>

/** How the exhibitor service finds the caller's membership (exhibitors.service.ts): a member reads, an admin of an active exhibitor changes (the row locked). */
export interface PassAccess {
  memberOf(db: Queryable, exhibitorId: number, accountId: string, locale: Locale): Promise<Member>
  adminOf(tx: Queryable, exhibitorId: number, accountId: string, locale: Locale): Promise<Member>
}

/**
 * Team passes in the exhibitor area (docs/product.md#team-passes). Each change runs in one transaction
 * that first locks the exhibitor row (adminOf), so two admins naming the last pass at once are served
 * one after the other and the second hears that the passes are used up.
 */
export function createPassVerbs(platform: Platform, access: PassAccess) {
  const { db } = platform
  const tickets = () => platform.services.tickets.passes

  async function viewOf(db: Queryable, exhibitorId: number, role: MemberRole): Promise<PassesView> {
    const [allowance, passes] = await Promise.all([repo.passAllowance(db, exhibitorId), tickets().of(db, exhibitorId)])
    const admin = role === 'admin'
    return {
      allowance,
      named: passes.length,
      role,
      passes: passes.map((pass) => ({
        id: pass.id,
        firstName: pass.firstName,
        lastName: pass.lastName,
        email: admin ? pass.email : null,
        phone: admin ? pass.phone : null,
        issuedAt: pass.issuedAt,
        checkedIn: pass.checkedIn,
      })),
    }
  }

  /** Issues the pass in the mail's language, with the company's name as written in it. */
  /** The exhibition as the mail shows it, read before the transaction (another domain's own connection). */
  async function exhibitionOf(accountId: string, exhibitorId: number, locale: Locale, mailLocale: Locale) {
    const row = await access.memberOf(db, exhibitorId, accountId, locale)
    return tickets().exhibition(row.exhibition_id, mailLocale)
  }

  async function issue(tx: Queryable, row: Member, accountId: string, attendee: Attendee, mailLocale: Locale, exhibition: PassExhibition): Promise<void> {
    const inMailLanguage = await repo.exhibitorFor(tx, Number(row.id), accountId, contentFallbackChain(mailLocale))
    const admin = (await repo.membersOf(tx, Number(row.id))).find((member) => member.account_id === accountId)
    if (!inMailLanguage || !admin) throw notFound(EXHIBITOR_MESSAGES.notFound)
    await tickets().issue(tx, {
      exhibitorId: Number(row.id),
      exhibition,
      company: inMailLanguage.name,
      accountId,
      adminEmail: admin.email,
      locale: mailLocale,
      holder: attendee,
    })
  }

  return {
    async passes(accountId: string, exhibitorId: number, locale: Locale): Promise<PassesView> {
      const row = await access.memberOf(db, exhibitorId, accountId, locale)
      return viewOf(db, exhibitorId, row.role)
    },

    async namePass(accountId: string, input: { exhibitorId: number; attendee: Attendee; mailLocale?: Locale }, locale: Locale): Promise<PassesView> {
      const mailLocale = input.mailLocale ?? locale
      const exhibition = await exhibitionOf(accountId, input.exhibitorId, locale, mailLocale)
      await db.transaction(async (tx) => {
        const row = await access.adminOf(tx, input.exhibitorId, accountId, locale)
        const [allowance, named] = await Promise.all([repo.passAllowance(tx, input.exhibitorId), tickets().named(tx, input.exhibitorId)])
        if (named >= allowance) throw conflict(EXHIBITOR_MESSAGES.passesUsed, { allowance })
        await issue(tx, row, accountId, input.attendee, mailLocale, exhibition)
      })
      return viewOf(db, input.exhibitorId, 'admin')
    },

    async renamePass(
      accountId: string,
      input: { exhibitorId: number; passId: string; attendee: Attendee; mailLocale?: Locale },
      locale: Locale,
    ): Promise<PassesView> {
      const mailLocale = input.mailLocale ?? locale
      const exhibition = await exhibitionOf(accountId, input.exhibitorId, locale, mailLocale)
      await db.transaction(async (tx) => {
        const row = await access.adminOf(tx, input.exhibitorId, accountId, locale)
        if (!(await tickets().void(tx, input.exhibitorId, input.passId, 'renamed'))) throw notFound(EXHIBITOR_MESSAGES.passNotFound)
        await issue(tx, row, accountId, input.attendee, mailLocale, exhibition)
      })
      return viewOf(db, input.exhibitorId, 'admin')
    },

    async revokePass(accountId: string, input: { exhibitorId: number; passId: string }, locale: Locale): Promise<PassesView> {
      await db.transaction(async (tx) => {
        await access.adminOf(tx, input.exhibitorId, accountId, locale)
        if (!(await tickets().void(tx, input.exhibitorId, input.passId, 'revoked'))) throw notFound(EXHIBITOR_MESSAGES.passNotFound)
      })
      return viewOf(db, input.exhibitorId, 'admin')
    },
  }
}
