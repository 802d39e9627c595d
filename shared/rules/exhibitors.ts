/**
 * Exhibitors (docs/product.md#exhibitors): the rules the exhibitor area's forms and the platform both
 * apply. Zod-free, so the page may import them; the contract (shared/contracts/exhibitors.ts) is the authority.
 */

export { hasForbiddenCharacters, isEmail } from './text.ts'
export { isWebsite, normaliseWebsite } from './applications.ts'

export const EXHIBITOR_KINDS = ['broker', 'company', 'platform'] as const
export type ExhibitorKind = (typeof EXHIBITOR_KINDS)[number]

export const MEMBER_ROLES = ['admin', 'staff'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** Characters after trimming, and how many of a kind. */
export const EXHIBITOR_LIMITS = {
  name: 120,
  summary: 200,
  description: 4000,
  website: 200,
  regulator: 40,
  licenceNumber: 60,
  licences: 10,
  /** Members and open invitations of one exhibitor together. */
  team: 50,
  /** Days an invitation can be used. */
  invitationDays: 7,
  /** Invitations one exhibitor may send per hour (a mail to any address is sent on its behalf). */
  invitationsPerHour: 20,
  /** The logo: a picture of at most this many megabytes, and this many uploads per account an hour. */
  logoMb: 2,
  logosPerHour: 30,
  /** The most team passes the organiser may grant one exhibitor (docs/product.md#team-passes). */
  passGrant: 200,
} as const

/**
 * The exhibitor area's logo upload: POST multipart/form-data with the picture in `file`, the
 * exhibitor's id in the query (`?exhibitor=12`) and the visitor's access token as for any gateway call.
 */
export const EXHIBITOR_LOGO_PATH = '/uploads/exhibitor-logo'
export const EXHIBITOR_LOGO_FIELD = 'file'

/** Translation keys (namespace `exhibitor`) of the refusals both sides give. */
export const EXHIBITOR_MESSAGES = {
  nameRequired: 'exhibitor:errors.nameRequired',
  englishRequired: 'exhibitor:errors.englishRequired',
  tooLong: 'exhibitor:errors.tooLong',
  characters: 'exhibitor:errors.characters',
  website: 'exhibitor:errors.website',
  country: 'exhibitor:errors.country',
  email: 'exhibitor:errors.email',
  licenceIncomplete: 'exhibitor:errors.licenceIncomplete',
  licenceRepeated: 'exhibitor:errors.licenceRepeated',
  tooManyLicences: 'exhibitor:errors.tooManyLicences',
  notFound: 'exhibitor:errors.notFound',
  adminsOnly: 'exhibitor:errors.adminsOnly',
  changed: 'exhibitor:errors.changed',
  alreadyMember: 'exhibitor:errors.alreadyMember',
  teamFull: 'exhibitor:errors.teamFull',
  invitationInvalid: 'exhibitor:errors.invitationInvalid',
  invitationUsed: 'exhibitor:errors.invitationUsed',
  invitationExpired: 'exhibitor:errors.invitationExpired',
  lastAdmin: 'exhibitor:errors.lastAdmin',
  withdrawn: 'exhibitor:errors.withdrawn',
  logoNotImage: 'exhibitor:errors.logoNotImage',
  logoSvg: 'exhibitor:errors.logoSvg',
  logoSize: 'exhibitor:errors.logoSize',
  logoTooLarge: 'exhibitor:errors.logoTooLarge',
  logoFailed: 'exhibitor:errors.logoFailed',
  logoBusy: 'exhibitor:errors.logoBusy',
  channelKind: 'exhibitor:errors.channelKind',
  channelPhone: 'exhibitor:errors.channelPhone',
  channelEmail: 'exhibitor:errors.channelEmail',
  channelAddress: 'exhibitor:errors.channelAddress',
  channelHandle: 'exhibitor:errors.channelHandle',
  channelDomain: 'exhibitor:errors.channelDomain',
  channelApp: 'exhibitor:errors.channelApp',
  channelIban: 'exhibitor:errors.channelIban',
  channelBankAccount: 'exhibitor:errors.channelBankAccount',
  channelTaken: 'exhibitor:errors.channelTaken',
  channelVerified: 'exhibitor:errors.channelVerified',
  channelWaiting: 'exhibitor:errors.channelWaiting',
  channelsWaiting: 'exhibitor:errors.channelsWaiting',
  channelNotFound: 'exhibitor:errors.channelNotFound',
  channelDecided: 'exhibitor:errors.channelDecided',
  passesUsed: 'exhibitor:errors.passesUsed',
  passNotFound: 'exhibitor:errors.passNotFound',
  passTypeKeyTaken: 'exhibitor:errors.passTypeKeyTaken',
} as const

/**
 * The part of a profile that is missing, for the "incomplete" marks: English name and summary, a
 * description, website and country; a broker also lists at least one licence.
 */
export type ProfileGap = 'summary' | 'description' | 'website' | 'country' | 'licences'

export function profileGaps(profile: {
  kind: ExhibitorKind
  website: string | null
  country: string | null
  licences: readonly unknown[]
  texts: Readonly<Partial<Record<string, { summary: string; description: string }>>>
}): ProfileGap[] {
  const english = profile.texts.en
  const gaps: ProfileGap[] = []
  if (!english?.summary) gaps.push('summary')
  if (!english?.description) gaps.push('description')
  if (!profile.website) gaps.push('website')
  if (!profile.country) gaps.push('country')
  if (profile.kind === 'broker' && profile.licences.length === 0) gaps.push('licences')
  return gaps
}

/**
 * A company's address in the directory from its name: Latin letters and digits in lower case, words
 * joined by hyphens; a name with none (王小明有限公司) becomes `exhibitor`, and the platform adds a
 * number when the address is taken.
 */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'exhibitor'
}
