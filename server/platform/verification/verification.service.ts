import {
  CHANNEL_KINDS,
  CHANNEL_PURPOSES,
  type ChannelKind,
  type ChannelPurpose,
  type ChannelOwner,
  type ChannelVerdict,
  DOCUMENT_AUDIENCES,
  type DocumentAudience,
  type DocumentVerdict,
  type OfficialChannel,
  type ScamAlert,
} from '../../../shared/contracts/verification.ts'
import countries from 'i18n-iso-countries'
import type { Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { DomainError, invalid } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { SignatureAnswer } from '../document-signing.ts'
import { UnreadableSignature } from '../kit/pdf-signature.ts'
import { answerNoSoonerThan } from '../answer-floors.ts'
import { addressKey, type RateRule } from '../rate-limits.ts'
import { buildReferences, findLookalike, type Lookalike, type Reference, type ReferenceSet } from './lookalike.ts'
import { lookupPairs, parseQuery, type QueryError, queryKinds } from './normalise/query.ts'
import { registerKey } from './register-key.ts'
import { recordLookup } from './console/register.repo.ts'
import * as repo from './verification.repo.ts'
import { liveAlerts, type PublishAlertInput, type PublishedAlert, publicAlert, publishAlert } from './alerts/alerts.ts'
import { liveAlert } from './alerts/alerts.repo.ts'
import { companySubmissions, type SubmitInput, submitChannel, withdrawSubmission } from './submissions/submissions.ts'

/** Queries per address: a burst that a person never reaches, and a day's worth. */
export const QUERY_LIMITS: RateRule[] = [
  { name: 'verify.query', points: 20, durationSeconds: 60 },
  { name: 'verify.query.day', points: 400, durationSeconds: 86_400 },
]
/** PDF checks per address. */
export const UPLOAD_LIMITS: RateRule[] = [
  { name: 'verify.upload', points: 10, durationSeconds: 600 },
  { name: 'verify.upload.day', points: 60, durationSeconds: 86_400 },
]
/** Public channels are read again after this long (the CLI writes from another process). */
const REFERENCES_TTL_MS = 60_000

export const QUERY_ERRORS: Record<QueryError, string> = {
  empty: 'verify:errors.empty',
  tooLong: 'verify:errors.tooLong',
  unrecognised: 'verify:errors.unrecognised',
  phone: 'verify:errors.phone',
  phoneCountry: 'verify:errors.phoneCountry',
  email: 'verify:errors.email',
}

export interface ChannelInput {
  kind: ChannelKind
  value: string
  purpose: ChannelPurpose
  /** YYYY-MM-DD */
  since: string
  public: boolean
  note?: string
}

export interface DocumentInput {
  sha256: string
  title: string
  reference?: string | null
  issuedTo: string
  issuedOn: string
  shownTo: DocumentAudience
}

export interface VerificationService {
  /**
   * `assumeCountry: false` (the public JSON endpoint, docs/product.md#verification-api): a national
   * number is refused rather than read as the caller's country, so the answer depends on the value alone.
   */
  verifyChannel(value: string, visitor: { ip: string; countryCode: string; locale: Locale; assumeCountry?: boolean }): Promise<ChannelVerdict>
  /** Answers for an uploaded file's fingerprint (the upload route has already counted the attempt). */
  /**
   * The register's answer for a file's fingerprint and, given the file's bytes, its signature's
   * (a 400 "can't read" when it has one that cannot be read).
   */
  verifyDocument(sha256: string, bytes: number, file?: Buffer): Promise<DocumentVerdict>
  /** Takes one upload attempt for an address; throws the 429 DomainError when over. */
  consumeUpload(ip: string): Promise<void>
  publicChannels(): Promise<OfficialChannel[]>
  addChannel(input: ChannelInput, db?: Queryable): Promise<{ channel: repo.ChannelRow; created: boolean }>
  listChannels(kind?: ChannelKind): Promise<repo.ChannelRow[]>
  retireChannel(kind: ChannelKind, value: string, on?: string): Promise<repo.ChannelRow | null>
  deleteChannel(kind: ChannelKind, value: string): Promise<boolean>
  registerDocument(input: DocumentInput, db?: Queryable): Promise<repo.DocumentRow>
  listDocuments(): Promise<repo.DocumentRow[]>
  revokeDocument(sha256: string, on?: string): Promise<repo.DocumentRow | null>
  /**
   * Whether a value imitates one of the register's channels, as the public check would warn: ours
   * first (owner null), then other exhibitors' (never the company's own).
   */
  imitationOf(value: string, companyId: number): Promise<(Lookalike & { ownerCompanyId: number | null }) | null>
  /** Channels exhibitors submit (docs/product.md#exhibitor-channel-submissions), in the exhibitors domain's transaction. */
  submitChannel(tx: Queryable, input: SubmitInput): Promise<void>
  withdrawSubmission(tx: Queryable, input: { companyId: number; submissionId: number }): Promise<void>
  companySubmissions(companyId: number, db?: Queryable): ReturnType<typeof companySubmissions>
  /**
   * Publishes (or changes, or puts back) the scam alert of a channel in the caller's transaction
   * (docs/product.md#scam-alerts); the caller checks the impersonated company exists, writes its audit
   * row in the same transaction and, after commit, calls `platform.contentChanged({ scope: 'verification' })`.
   */
  publishAlert(tx: Queryable, input: PublishAlertInput): Promise<PublishedAlert>
  /** The public list of live alerts, newest first, searched, one keyset page. */
  scamAlerts(input: { q: string; before?: string | undefined }, locale: Locale): Promise<{ items: ScamAlert[]; next: string | null }>
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const today = () => new Date().toISOString().slice(0, 10)

function toOfficial(row: repo.ChannelRow): OfficialChannel {
  return { kind: row.kind, display: row.display, purpose: row.purpose, since: row.since, demo: row.demo }
}

export function createVerificationService(
  platform: Pick<Platform, 'config' | 'db' | 'rateLimits' | 'geo' | 'onContentChanged' | 'answerFloors' | 'documents'> & {
    services?: Partial<Platform['services']>
  },
): VerificationService {
  const { config, db } = platform

  const signatureOf = async (file: Buffer): Promise<DocumentVerdict['signature']> => {
    let answer: SignatureAnswer
    try {
      answer = await platform.documents.check(file)
    } catch (error) {
      if (error instanceof UnreadableSignature) throw invalid({ file: 'verify:errors.unreadable' }, 'verify:errors.unreadable')
      throw error
    }
    if (answer.state === 'none') return null
    if (answer.state === 'foreign') return { state: 'foreign' }
    return { state: answer.state, signedAt: answer.signedAt?.toISOString() ?? null }
  }
  const floorMs = platform.answerFloors.verify
  const configuredEmails = [config.CONTACT_EMAIL, config.QA_EMAIL].map((email) => email.toLowerCase())

  /** The public channels as look-alike references, and as listed (an answer names those of the asked kind). */
  let references: { loadedAt: number; value: Promise<ReferenceSet & { channels: OfficialChannel[] }> } | null = null
  const publicReferences = (): Promise<ReferenceSet & { channels: OfficialChannel[] }> => {
    if (!references || performance.now() - references.loadedAt > REFERENCES_TTL_MS) {
      const value = repo.listPublicChannels(db).then((rows) => ({
        channels: rows.map(toOfficial),
        ...buildReferences(
          config.BRAND_NAME,
          [
            ...rows.map((row) => ({ kind: row.kind, key: row.lookup_key, display: row.display })),
            ...configuredEmails.map((email) => ({ kind: 'email', key: email, display: email })),
          ],
          configuredEmails.map((email) => email.slice(email.lastIndexOf('@') + 1)),
        ),
      }))
      references = { loadedAt: performance.now(), value }
      value.catch(() => {
        references = null
      })
    }
    return references.value
  }
  /** Each exhibitor's verified channels as a reference set of its own: a look-alike names whose it imitates. */
  let exhibitorReferences: { loadedAt: number; value: Promise<Array<{ companyId: number; set: ReferenceSet }>> } | null = null
  const exhibitorSets = (): Promise<Array<{ companyId: number; set: ReferenceSet }>> => {
    if (!exhibitorReferences || performance.now() - exhibitorReferences.loadedAt > REFERENCES_TTL_MS) {
      const value = repo.listExhibitorChannels(db, today()).then((rows) => {
        const byCompany = new Map<number, Reference[]>()
        for (const row of rows) {
          const company = Number(row.company_id)
          byCompany.set(company, [...(byCompany.get(company) ?? []), { kind: row.kind, key: row.lookup_key, display: row.display }])
        }
        // No name of theirs to look for (an exhibitor's name in someone's handle is not an imitation of a channel).
        return [...byCompany].map(([companyId, channels]) => ({ companyId, set: buildReferences('', channels, []) }))
      })
      exhibitorReferences = { loadedAt: performance.now(), value }
      value.catch(() => {
        exhibitorReferences = null
      })
    }
    return exhibitorReferences.value
  }
  const changed = () => {
    references = null
    exhibitorReferences = null
  }
  /** Names of exhibiting companies in the visitor's language (the exhibitors domain's). */
  const ownersOf = async (companyIds: number[], locale: Locale): Promise<Map<number, ChannelOwner>> =>
    companyIds.length && platform.services?.exhibitors ? platform.services.exhibitors.channelOwners(companyIds, locale) : new Map()
  // The console writes in this process: its changes are answered at once, not after REFERENCES_TTL_MS.
  platform.onContentChanged((change) => {
    if (change.scope === 'verification' || change.scope === '*') changed()
  })

  /** The visitor's country for a number typed without a country code: their address's, else the CountryCode header's. */
  const visitorCountry = (ip: string, countryCode: string): string | null => {
    const geo = platform.geo.countryOf(ip)
    if (geo.known) return geo.alpha2
    return numericToAlpha2(countryCode)
  }

  const consume = async (rules: RateRule[], ip: string) => {
    const key = addressKey(ip)
    for (const rule of rules) await platform.rateLimits.consume(rule, key)
  }

  return {
    async verifyChannel(value, visitor) {
      // The entry is checked before the limit: a visitor over it still learns what is wrong
      // with what they typed. A refused entry reads nothing, so it needs neither a point nor the floor.
      const parsed = parseQuery(value, visitor.assumeCountry === false ? null : visitorCountry(visitor.ip, visitor.countryCode))
      if (!parsed.ok) throw invalid({ value: QUERY_ERRORS[parsed.error] }, QUERY_ERRORS[parsed.error])
      await consume(QUERY_LIMITS, visitor.ip)
      const startedAt = performance.now()
      try {
        const { query } = parsed
        // The same work for every answer: one lookup and one look-alike check.
        const pairs = lookupPairs(query)
        const [rows, referenceSet, exhibitorReferenceSets, alertRow] = await Promise.all([
          repo.findChannels(db, pairs),
          publicReferences(),
          exhibitorSets(),
          liveAlert(db, pairs),
        ])
        const registered = query.tainted ? [] : rows.filter((row) => !row.demo)
        // The organiser's own channels, and exhibitors' (never answered as the organiser's).
        const ours = registered.filter((row) => row.company_id === null)
        const theirs = registered.filter((row) => row.company_id !== null)
        const current = ours.filter((row) => !row.until)
        const formerly = ours.filter((row) => row.until).map((row) => ({ ...toOfficial(row), until: row.until as string }))
        const on = today()
        const valid = (row: repo.ChannelRow) => !row.until && (row.valid_until ?? '') >= on
        const exhibitorRows = theirs.filter(valid).length ? theirs.filter(valid) : theirs
        const exhibitorCurrent = !current.length && exhibitorRows.some(valid)
        // A value of the sample site's register is nobody's channel: answering "official" would vouch
        // for it on a live site (docs/decisions/0013-demo-content-and-going-live.md).
        const demo = !current.length && !exhibitorCurrent && !query.tainted && rows.some((row) => row.demo)
        let lookalike: ChannelVerdict['lookalike'] = null
        let lookalikeOwner: number | null = null
        if (!current.length && !exhibitorCurrent && !demo) {
          const found = findLookalike(query, referenceSet)
          if (found) lookalike = { ...found, owner: null }
          else {
            for (const { companyId, set } of exhibitorReferenceSets) {
              const theirsToo = findLookalike(query, set)
              if (theirsToo) {
                lookalike = { ...theirsToo, owner: null }
                lookalikeOwner = companyId
                break
              }
            }
          }
        }
        // A confirmed scam (docs/product.md#scam-alerts) is said first; the register still wins, being the authority.
        const scam = alertRow && !current.length && !exhibitorCurrent && !demo ? alertRow : null
        const owners = await ownersOf(
          [
            ...new Set([
              ...exhibitorRows.map((row) => Number(row.company_id)),
              ...(lookalikeOwner === null ? [] : [lookalikeOwner]),
              ...(scam?.company_id == null ? [] : [Number(scam.company_id)]),
            ]),
          ],
          visitor.locale,
        )
        if (lookalike && lookalikeOwner !== null) lookalike = { ...lookalike, owner: owners.get(lookalikeOwner) ?? null }
        const exhibitorRow = current.length ? undefined : exhibitorRows[0]
        const owner = exhibitorRow ? owners.get(Number(exhibitorRow.company_id)) : undefined
        const exhibitor =
          exhibitorRow && owner
            ? {
                ...owner,
                channels: exhibitorRows
                  .filter((row) => row.company_id === exhibitorRow.company_id)
                  .map((row) => ({ kind: row.kind, display: row.display, since: row.since })),
                validUntil: exhibitorRow.valid_until as string,
                lapsedOn: valid(exhibitorRow) ? null : minDate(exhibitorRow.until, exhibitorRow.valid_until as string),
              }
            : null
        // What visitors ask about, for the console's "what scammers are using now" (the value only, never who asked).
        await recordLookup(db, query.type, query.display, current.length > 0 || exhibitorCurrent)
        const verdict = current.length ? 'official' : exhibitorCurrent ? 'exhibitor' : demo ? 'demo' : scam ? 'scam' : 'unofficial'
        const kinds = new Set(queryKinds(query))
        return {
          verdict,
          query: {
            type: query.type,
            service: query.type === 'chat' ? query.service : null,
            display: query.display,
            assumedCountry: query.type === 'phone' ? query.assumedCountry : null,
            compared: query.type === 'domain' ? query.key : null,
          },
          // What to use instead, beside a "no": our public channels of the kind asked about.
          sameKind: verdict === 'unofficial' || verdict === 'scam' ? referenceSet.channels.filter((channel) => kinds.has(channel.kind)) : [],
          matches: current.map(toOfficial),
          formerly: demo ? [] : formerly,
          exhibitor,
          lookalike,
          // Letter case that is not the checksum is the same account: a note beside "official" (and
          // beside a demo entry, the same address), and beside "not ours" the warning that a character
          // may have been changed.
          notices:
            current.length || exhibitorCurrent || demo ? query.notices : query.notices.map((notice) => (notice === 'checksumCase' ? 'checksum' : notice)),
          alert: scam ? publicAlert(scam, owners, visitor.locale) : null,
        }
      } finally {
        await answerNoSoonerThan(startedAt, floorMs)
      }
    },

    async verifyDocument(sha256, bytes, file) {
      const startedAt = performance.now()
      try {
        const signature = file ? await signatureOf(file) : null
        const found = await repo.findDocument(db, sha256)
        const row = found?.demo ? null : found
        return {
          verdict: found?.demo ? 'demo' : row && !row.revoked_on ? 'official' : 'unofficial',
          sha256,
          bytes,
          document: row
            ? { title: row.title, reference: row.reference, issuedTo: row.issued_to, issuedOn: row.issued_on, shownTo: row.shown_to, revokedOn: row.revoked_on }
            : null,
          signature,
        }
      } finally {
        await answerNoSoonerThan(startedAt, floorMs)
      }
    },

    consumeUpload: (ip) => consume(UPLOAD_LIMITS, ip),

    async publicChannels() {
      return (await repo.listPublicChannels(db)).map(toOfficial)
    },

    async addChannel(input, target = db) {
      if (!(CHANNEL_KINDS as readonly string[]).includes(input.kind)) throw invalid({ kind: 'verify:register.badKind' }, 'verify:register.badKind')
      if (!(CHANNEL_PURPOSES as readonly string[]).includes(input.purpose))
        throw invalid({ purpose: 'verify:register.badPurpose' }, 'verify:register.badPurpose')
      if (!ISO_DATE.test(input.since)) throw invalid({ since: 'verify:register.badDate' }, 'verify:register.badDate')
      const { key, display } = registerKey(input.kind, input.value)
      const { row, created } = await repo.upsertChannel(target, {
        kind: input.kind,
        key,
        display,
        purpose: input.purpose,
        since: input.since,
        public: input.public,
        note: (input.note ?? '').slice(0, 500),
      })
      changed()
      return { channel: row, created }
    },

    listChannels: (kind) => repo.listChannels(db, kind),

    async retireChannel(kind, value, on = today()) {
      if (!ISO_DATE.test(on)) throw invalid({ on: 'verify:register.badDate' }, 'verify:register.badDate')
      const row = await repo.retireChannel(db, kind, registerKey(kind, value).key, on)
      changed()
      return row
    },

    async deleteChannel(kind, value) {
      const deleted = await repo.deleteChannel(db, kind, registerKey(kind, value).key)
      changed()
      return deleted
    },

    async registerDocument(input, target = db) {
      const sha256 = input.sha256.trim().toLowerCase()
      if (!/^[0-9a-f]{64}$/.test(sha256)) throw invalid({ sha256: 'verify:register.badHash' }, 'verify:register.badHash')
      if (!ISO_DATE.test(input.issuedOn)) throw invalid({ issuedOn: 'verify:register.badDate' }, 'verify:register.badDate')
      if (!(DOCUMENT_AUDIENCES as readonly string[]).includes(input.shownTo))
        throw invalid({ shownTo: 'verify:register.badAudience' }, 'verify:register.badAudience')
      const title = input.title.trim()
      const issuedTo = input.issuedTo.trim()
      if (!title || title.length > 300) throw invalid({ title: 'verify:register.badTitle' }, 'verify:register.badTitle')
      if (!issuedTo || issuedTo.length > 300) throw invalid({ issuedTo: 'verify:register.badIssuedTo' }, 'verify:register.badIssuedTo')
      const row = await repo.insertDocument(target, {
        sha256,
        title,
        reference: input.reference?.trim() || null,
        issuedTo,
        issuedOn: input.issuedOn,
        shownTo: input.shownTo,
      })
      if (!row) throw new DomainError('verify:register.documentExists', 409)
      return row
    },

    listDocuments: () => repo.listDocuments(db),

    async imitationOf(value, companyId) {
      const parsed = parseQuery(value, null)
      if (!parsed.ok) return null
      const ours = findLookalike(parsed.query, await publicReferences())
      if (ours) return { ...ours, ownerCompanyId: null }
      for (const { companyId: owner, set } of await exhibitorSets()) {
        if (owner === companyId) continue
        const theirs = findLookalike(parsed.query, set)
        if (theirs) return { ...theirs, ownerCompanyId: owner }
      }
      return null
    },

    submitChannel,
    withdrawSubmission,
    companySubmissions: (companyId, target = db) => companySubmissions(target, companyId),

    publishAlert: (tx, input) => publishAlert(tx, input),
    scamAlerts: (input, locale) => liveAlerts(db, ownersOf, input, locale),

    async revokeDocument(sha256, on = today()) {
      if (!ISO_DATE.test(on)) throw invalid({ on: 'verify:register.badDate' }, 'verify:register.badDate')
      return repo.revokeDocument(db, sha256.trim().toLowerCase(), on)
    },
  }
}

/** The earlier of a retirement day (if any) and the last valid day: when an exhibitor's channel stopped being vouched for. */
function minDate(retired: string | null, validUntil: string): string {
  return retired !== null && retired < validUntil ? retired : validUntil
}

/** ISO 3166 numeric (the CountryCode header) -> alpha-2. */
function numericToAlpha2(numeric: string): string | null {
  return countries.numericToAlpha2(numeric) ?? null
}
