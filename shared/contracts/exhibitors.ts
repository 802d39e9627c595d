import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import {
  EXHIBITOR_KINDS,
  EXHIBITOR_LIMITS,
  EXHIBITOR_MESSAGES,
  hasForbiddenCharacters,
  isEmail,
  isWebsite,
  MEMBER_ROLES,
  normaliseWebsite,
} from '../rules/exhibitors.ts'
import { hasUnstorableControl } from '../rules/text.ts'
import { CHANNEL_KINDS, SUBMISSION_LIMITS, SUBMISSION_VIEWS } from '../rules/verification.ts'
import { EXHIBITORS } from '../functions/exhibitors.ts'
import { defineContract } from './define.ts'
import { attendeeInput } from './tickets.ts'

/**
 * Exhibitors (docs/product.md#exhibitors): the exhibitor area's functions for the members of an
 * exhibitor, and the directory visitors read. Messages are keys of the `exhibitor` namespace; field
 * errors name the field (`texts.en.name`, `licences.1.number`).
 */

const id = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')
const locale = z.enum(LOCALES)
const kind = z.enum(EXHIBITOR_KINDS, { error: 'errors.invalid' })
const role = z.enum(MEMBER_ROLES, { error: 'errors.invalid' })

const clean = (value: string) => value.trim().normalize('NFC')

/** A single-line text, trimmed; empty allowed unless the caller says otherwise. */
const line = (max: number) =>
  z
    .string({ error: 'errors.invalid' })
    .transform(clean)
    .pipe(
      z
        .string()
        .max(max, EXHIBITOR_MESSAGES.tooLong)
        .refine((value) => !hasForbiddenCharacters(value), EXHIBITOR_MESSAGES.characters),
    )

/** A text of several lines (the long description). */
const paragraphs = (max: number) =>
  z
    .string({ error: 'errors.invalid' })
    .transform((value) => clean(value.replace(/\r\n?/g, '\n')))
    .pipe(
      z
        .string()
        .max(max, EXHIBITOR_MESSAGES.tooLong)
        .refine((value) => !hasUnstorableControl(value), EXHIBITOR_MESSAGES.characters),
    )

const profileText = z.object({
  name: line(EXHIBITOR_LIMITS.name),
  summary: line(EXHIBITOR_LIMITS.summary),
  description: paragraphs(EXHIBITOR_LIMITS.description),
})

const licence = z.object({
  regulator: line(EXHIBITOR_LIMITS.regulator),
  number: line(EXHIBITOR_LIMITS.licenceNumber),
})

const website = line(EXHIBITOR_LIMITS.website)
  .refine((value) => value === '' || isWebsite(value), EXHIBITOR_MESSAGES.website)
  .transform((value) => (value === '' ? null : normaliseWebsite(value)))

const email = line(254).refine((value) => isEmail(value), EXHIBITOR_MESSAGES.email)

export const profilePayload = z
  .object({
    exhibitorId: id,
    /** The version the member edited: another save since then answers 409. */
    version: z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid'),
    kind,
    country: z
      .string({ error: 'errors.invalid' })
      .transform(clean)
      .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), EXHIBITOR_MESSAGES.country)
      .transform((value) => (value === '' ? null : value)),
    website,
    /** The profile in each language it is written in; a language left wholly empty is removed. */
    texts: z.partialRecord(locale, profileText),
    licences: z.array(licence).max(EXHIBITOR_LIMITS.licences, EXHIBITOR_MESSAGES.tooManyLicences),
  })
  .superRefine((value, context) => {
    const english = value.texts.en
    if (!english?.name) context.addIssue({ code: 'custom', message: EXHIBITOR_MESSAGES.englishRequired, path: ['texts', 'en', 'name'] })
    for (const [language, text] of Object.entries(value.texts)) {
      if (language === 'en' || !text) continue
      if (!text.name && (text.summary || text.description))
        context.addIssue({ code: 'custom', message: EXHIBITOR_MESSAGES.nameRequired, path: ['texts', language, 'name'] })
    }
    const seen = new Set<string>()
    value.licences.forEach((entry, index) => {
      if (!entry.regulator) context.addIssue({ code: 'custom', message: EXHIBITOR_MESSAGES.licenceIncomplete, path: ['licences', index, 'regulator'] })
      if (!entry.number) context.addIssue({ code: 'custom', message: EXHIBITOR_MESSAGES.licenceIncomplete, path: ['licences', index, 'number'] })
      const key = `${entry.regulator.toLowerCase()}\u0000${entry.number.toLowerCase()}`
      if (entry.regulator && entry.number && seen.has(key))
        context.addIssue({ code: 'custom', message: EXHIBITOR_MESSAGES.licenceRepeated, path: ['licences', index, 'number'] })
      seen.add(key)
    })
  })

const exhibitionOf = z.object({
  id: z.number().int(),
  title: z.string(),
  city: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
})

const logo = z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }).nullable()

export const profileGap = z.enum(['summary', 'description', 'website', 'country', 'licences'])

export const exhibitorSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** In the caller's language along the content fallback chain. */
  name: z.string(),
  role,
  status: z.enum(['active', 'withdrawn']),
  exhibition: exhibitionOf,
  gaps: z.array(profileGap),
})

export const teamView = z.object({
  members: z.array(
    z.object({
      accountId: z.string(),
      nick: z.string(),
      /** Admins see every member's address; staff only their own. */
      email: z.string().nullable(),
      role,
      you: z.boolean(),
      since: z.string(),
    }),
  ),
  /** Open invitations (admins only; staff get none). */
  invitations: z.array(z.object({ id: z.number().int(), email: z.string(), role, expiresAt: z.string() })),
})

export const profileView = z.object({
  version: z.number().int(),
  kind,
  country: z.string().nullable(),
  website: z.string().nullable(),
  logo,
  texts: z.partialRecord(locale, z.object({ name: z.string(), summary: z.string(), description: z.string() })),
  licences: z.array(z.object({ regulator: z.string(), number: z.string() })),
  gaps: z.array(profileGap),
})

/** A channel the company submitted, as its team reads it (docs/product.md#exhibitor-channel-submissions). */
export const channelSubmissionView = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  /** The value as the register writes it (+44 20 7946 0000, @name, the checksummed address). */
  display: z.string(),
  note: z.string(),
  state: z.enum(SUBMISSION_VIEWS),
  submittedAt: z.string(),
  /** When the verifier decided (pending: null). */
  decidedAt: z.string().nullable(),
  /** Verified or lapsed: the last day the organiser vouched for it (or the day it was retired), YYYY-MM-DD. */
  validUntil: z.string().nullable(),
  /** Rejected: the verifier's reason. */
  reason: z.string().nullable(),
})

export const workspaceView = z.object({
  exhibitor: exhibitorSummary,
  profile: profileView,
  team: teamView,
  /** The company's official channels: submitted, verified, lapsed or rejected, the newest first. */
  channels: z.array(channelSubmissionView),
})

/** The signed-in visitor's exhibitors, the coming exhibitions first. */
export const myExhibitors = defineContract({
  ...EXHIBITORS.myExhibitors,
  payload: z.object({}),
  result: z.object({ items: z.array(exhibitorSummary) }),
})

/** One exhibitor of the member's: profile and team. */
export const exhibitorWorkspace = defineContract({
  ...EXHIBITORS.exhibitorWorkspace,
  payload: z.object({ exhibitorId: id }),
  result: workspaceView,
})

export const saveExhibitorProfile = defineContract({
  ...EXHIBITORS.saveExhibitorProfile,
  payload: profilePayload,
  result: workspaceView,
})

/** The logo comes through the upload route (EXHIBITOR_LOGO_PATH); this takes it off. */
export const removeExhibitorLogo = defineContract({
  ...EXHIBITORS.removeExhibitorLogo,
  payload: z.object({ exhibitorId: id }),
  result: z.object({ logo }),
})

export const inviteExhibitorMember = defineContract({
  ...EXHIBITORS.inviteExhibitorMember,
  payload: z.object({ exhibitorId: id, email, role }),
  result: teamView,
})

export const revokeExhibitorInvitation = defineContract({
  ...EXHIBITORS.revokeExhibitorInvitation,
  payload: z.object({ exhibitorId: id, invitationId: id }),
  result: teamView,
})

/** An admin removes a member, or a member leaves; the last admin can do neither. */
export const removeExhibitorMember = defineContract({
  ...EXHIBITORS.removeExhibitorMember,
  payload: z.object({ exhibitorId: id, accountId: z.uuid({ error: 'errors.invalid' }) }),
  result: z.object({ left: z.boolean(), team: teamView.nullable() }),
})

/** An admin submits one of the company's channels; the verifier checks it before anyone is told it is theirs. */
export const submitExhibitorChannel = defineContract({
  ...EXHIBITORS.submitExhibitorChannel,
  payload: z.object({
    exhibitorId: id,
    kind: z.enum(CHANNEL_KINDS, { error: EXHIBITOR_MESSAGES.channelKind }),
    value: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(SUBMISSION_LIMITS.value, EXHIBITOR_MESSAGES.tooLong),
    note: z
      .string({ error: 'errors.invalid' })
      .transform(clean)
      .pipe(
        z
          .string()
          .max(SUBMISSION_LIMITS.note, EXHIBITOR_MESSAGES.tooLong)
          .refine((value) => !hasForbiddenCharacters(value), EXHIBITOR_MESSAGES.characters),
      )
      .default(''),
  }),
  result: z.object({ channels: z.array(channelSubmissionView) }),
})

/** An admin takes back a submission the verifier has not decided yet. */
export const withdrawExhibitorChannel = defineContract({
  ...EXHIBITORS.withdrawExhibitorChannel,
  payload: z.object({ exhibitorId: id, submissionId: id }),
  result: z.object({ channels: z.array(channelSubmissionView) }),
})

const invitationToken = z.string({ error: EXHIBITOR_MESSAGES.invitationInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, EXHIBITOR_MESSAGES.invitationInvalid)

/** What an invitation link offers, before it is taken. */
export const exhibitorInvitation = defineContract({
  ...EXHIBITORS.exhibitorInvitation,
  payload: z.object({ token: invitationToken }),
  result: z.object({
    exhibitorName: z.string(),
    exhibition: exhibitionOf,
    role,
    /** The address it was sent to, so the visitor can tell whether they are signed in as the right person. */
    email: z.string(),
    state: z.enum(['open', 'used', 'expired']),
    /** Set when the signed-in visitor already works on this exhibitor. */
    memberAlready: z.boolean(),
  }),
})

export const acceptExhibitorInvitation = defineContract({
  ...EXHIBITORS.acceptExhibitorInvitation,
  payload: z.object({ token: invitationToken }),
  result: z.object({ exhibitorId: z.number().int() }),
})

export const directoryEntry = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  kind,
  country: z.string().nullable(),
  logo,
  /** The language the texts are in (the content fallback chain may have given another than asked). */
  textLocale: locale,
  /** A fictional company of the demo content (server/platform/exhibitors/demo-exhibitors.ts): the pages say so. */
  demo: z.boolean(),
})

/** An exhibition's exhibitors, by name, searched and filtered on the server. */
export const exhibitorDirectory = defineContract({
  ...EXHIBITORS.exhibitorDirectory,
  payload: z.object({
    exhibitionId: id,
    search: line(100).optional(),
    kind: kind.optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, EXHIBITOR_MESSAGES.country)
      .optional(),
  }),
  result: z.object({
    exhibition: exhibitionOf,
    items: z.array(directoryEntry),
    /** Every kind and country among the exhibition's exhibitors (the filters' choices). */
    kinds: z.array(kind),
    countries: z.array(z.string()),
    total: z.number().int(),
  }),
  cacheSeconds: 60,
})

/** One exhibitor's public page. */
export const exhibitorPage = defineContract({
  ...EXHIBITORS.exhibitorPage,
  payload: z.object({
    exhibitionId: id,
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'errors.notFound')
      .max(80, 'errors.notFound'),
  }),
  result: z.object({
    exhibition: exhibitionOf,
    exhibitor: directoryEntry.extend({
      description: z.string(),
      website: z.string().nullable(),
      /** With the profile in broker search of the broker that holds the licence, when there is one. */
      licences: z.array(z.object({ regulator: z.string(), number: z.string(), traderCode: z.string().nullable() })),
      /** Languages the profile is written in (hreflang). */
      locales: z.array(locale),
      /** Its channels the organiser verified, valid today (docs/product.md#exhibitor-channels). */
      channels: z.array(z.object({ kind: z.enum(CHANNEL_KINDS), display: z.string(), validUntil: z.string() })),
    }),
  }),
  cacheSeconds: 60,
})

export type ExhibitorSummary = z.output<typeof exhibitorSummary>
export type WorkspaceView = z.output<typeof workspaceView>
export type TeamView = z.output<typeof teamView>
export type ChannelSubmissionView = z.output<typeof channelSubmissionView>
export type ProfileView = z.output<typeof profileView>
export type ProfilePayload = z.input<typeof profilePayload>
export type DirectoryEntry = z.output<typeof directoryEntry>

/**
 * Team passes (docs/product.md#team-passes): the allowance (what the organiser granted plus what the
 * booths include), the passes named and valid; staff see names only, admins the addresses too.
 */
export const passView = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  issuedAt: z.iso.datetime(),
  checkedIn: z.boolean(),
})

export const passesView = z.object({
  allowance: z.number().int(),
  named: z.number().int(),
  role,
  passes: z.array(passView),
})

export const exhibitorPasses = defineContract({ ...EXHIBITORS.exhibitorPasses, payload: z.object({ exhibitorId: id }), result: passesView })

/** The person is checked by the attendee form's rules; the e-ticket mail goes out in `mailLocale` (default: the admin's language). */
export const nameExhibitorPass = defineContract({
  ...EXHIBITORS.nameExhibitorPass,
  payload: z.object({ exhibitorId: id, attendee: attendeeInput, mailLocale: locale.optional() }),
  result: passesView,
})

/** Another person on a pass: the old e-ticket is void at the door, the new one mailed. */
export const renameExhibitorPass = defineContract({
  ...EXHIBITORS.renameExhibitorPass,
  payload: z.object({ exhibitorId: id, passId: z.uuid({ error: 'errors.invalid' }), attendee: attendeeInput, mailLocale: locale.optional() }),
  result: passesView,
})

export const revokeExhibitorPass = defineContract({
  ...EXHIBITORS.revokeExhibitorPass,
  payload: z.object({ exhibitorId: id, passId: z.uuid({ error: 'errors.invalid' }) }),
  result: passesView,
})
