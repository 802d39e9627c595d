import { z } from 'zod'
import { VERIFICATION } from '../functions/verification.ts'
import { ALERT_LIMITS, CHANNEL_KINDS, CHANNEL_PURPOSES, DOCUMENT_AUDIENCES } from '../rules/verification.ts'
import { defineContract } from './define.ts'

/**
 * Official channel verification (docs/product.md#verification): is this phone number, e-mail,
 * USDT address, chat account or PDF one of ours? Answers are official or non-official, about the one
 * value asked and nothing else of the register.
 */

/** The register's kinds, purposes and audiences live zod-free in rules (the console's screens read them too). */
export { CHANNEL_KINDS, CHANNEL_PURPOSES, type ChannelKind, type ChannelPurpose, DOCUMENT_AUDIENCES, type DocumentAudience } from '../rules/verification.ts'
export const CHAT_SERVICES = ['telegram', 'whatsapp', 'wechat', 'line', 'x', 'instagram', 'facebook', 'youtube', 'tiktok'] as const

/** What the platform recognised in a query. */
export const QUERY_TYPES = ['phone', 'email', 'usdtTrc20', 'usdtErc20', 'chat', 'domain', 'app', 'iban', 'bankAccount'] as const

/** Things said about the value itself (never about the register). */
export const QUERY_NOTICES = [
  'hiddenCharacters',
  'mixedScripts',
  'internationalDomain',
  'mappedCharacters',
  'checksum',
  'checksumCase',
  'format',
  'apkDownload',
  'inviteLink',
  'ibanChecksum',
] as const

export const LOOKALIKE_REASONS = ['characters', 'domain', 'name', 'poisoning', 'typo'] as const

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

export const officialChannel = z.object({
  kind: z.enum(CHANNEL_KINDS),
  /** As written for people: +44 20 7946 0000, contact@…, @name, the checksummed address. */
  display: z.string(),
  purpose: z.enum(CHANNEL_PURPOSES),
  /** Official since (YYYY-MM-DD). */
  since: isoDate,
  /** An entry of the sample site's demo register, listed as such (never in a verdict's matches). */
  demo: z.boolean(),
})
export type OfficialChannel = z.output<typeof officialChannel>

/** An exhibiting company, as an answer names it (docs/product.md#exhibitor-channels). */
export const channelOwner = z.object({
  name: z.string(),
  /** Its address in the directory of `exhibition` (`/{lang}/backDetail/{id}/exhibitors/{slug}`). */
  slug: z.string(),
  /** The exhibition it is at (the next or current one, else its latest); null when at none. */
  exhibition: z.object({ id: z.number().int(), title: z.string() }).nullable(),
})
export type ChannelOwner = z.output<typeof channelOwner>

/**
 * A confirmed scam channel as visitors read it (docs/product.md#scam-alerts): whom it impersonates (an
 * exhibiting company, or null for the organiser itself), when it was first seen (YYYY-MM-DD) and
 * published (an instant), and its summary in the reader's language (else English, else any).
 */
export const scamAlert = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  display: z.string(),
  impersonates: channelOwner.nullable(),
  firstSeen: isoDate,
  publishedAt: z.string(),
  summary: z.string(),
})
export type ScamAlert = z.output<typeof scamAlert>

/**
 * `official`: one of the organiser's own channels. `exhibitor`: an exhibiting company's channel the
 * organiser's verifier checked, valid until a date; never the organiser's own. `demo`: the value
 * belongs to the demo content of a sample site, which is nobody's official channel.
 */
export const channelVerdict = z.object({
  verdict: z.enum(['official', 'exhibitor', 'unofficial', 'demo', 'scam']),
  query: z.object({
    type: z.enum(QUERY_TYPES),
    /** For chat accounts: the service named by the link or label; null for "@name" or a bare name. */
    service: z.enum(CHAT_SERVICES).nullable(),
    /** The value as it was checked (E.164 phone, lower-case e-mail with an ASCII domain, …). */
    display: z.string(),
    /** ISO alpha-2 of the country assumed for a phone number typed without a country code. */
    assumedCountry: z.string().nullable(),
    /**
     * The part compared with the register when it is not the whole value: a web address's registrable
     * domain (docs/product.md#verification-web); null otherwise.
     */
    compared: z.string().nullable(),
  }),
  /** The channels this value is (one value may be, say, both our phone line and our WhatsApp). */
  matches: z.array(officialChannel),
  /** It was ours once and is no longer used by us. */
  formerly: z.array(officialChannel.extend({ until: isoDate })),
  /**
   * The exhibitor whose verified channel this is (verdict `exhibitor`), or was: `lapsedOn` is set when
   * its validity ended or the verifier retired it, and the verdict is then `unofficial`.
   */
  exhibitor: channelOwner
    .extend({
      channels: z.array(z.object({ kind: z.enum(CHANNEL_KINDS), display: z.string(), since: isoDate })),
      validUntil: isoDate,
      lapsedOn: isoDate.nullable(),
    })
    .nullable(),
  /** It imitates one of our public channels, or (with `owner`) a verified channel of an exhibitor. */
  lookalike: z.object({ reason: z.enum(LOOKALIKE_REASONS), resembles: z.string().nullable(), owner: channelOwner.nullable() }).nullable(),
  notices: z.array(z.enum(QUERY_NOTICES)),
  /** When the value is not official: our public channels of the same kind, the ones to use instead. */
  sameKind: z.array(officialChannel),
  /** A live scam alert for this value (verdict `scam`, docs/product.md#scam-alerts); null otherwise. */
  alert: scamAlert.nullable(),
})
export type ChannelVerdict = z.output<typeof channelVerdict>

export const verifyChannel = defineContract({
  ...VERIFICATION.verifyChannel,
  // Emptiness and the recognised kinds are checked by the service, with messages of its own (docs/product.md#verification-input).
  payload: z.object({ value: z.string('errors.required').max(2000, 'errors.tooLong') }),
  result: channelVerdict,
})

/** The channels the organiser lists publicly (about page, verification page). */
export const officialChannels = defineContract({
  ...VERIFICATION.officialChannels,
  cacheSeconds: 30,
  payload: z.object({}),
  result: z.object({ channels: z.array(officialChannel) }),
})

/** The public scam alerts, newest first; `before` is the `next` of the page before (a keyset cursor). */
export const scamAlerts = defineContract({
  ...VERIFICATION.scamAlerts,
  cacheSeconds: 30,
  payload: z.object({
    q: z.string('errors.invalid').trim().max(ALERT_LIMITS.search, 'errors.tooLong').default(''),
    before: z
      .string('errors.invalid')
      .regex(/^\d{1,15}\.\d{1,10}$/, 'errors.invalid')
      .optional(),
  }),
  result: z.object({ items: z.array(scamAlert), next: z.string().nullable() }),
})

/** The PDF check is a multipart upload, not a gateway function (docs/CONVENTIONS.md#http-routes-that-are-not-gateway-functions). */
export { VERIFY_FILE_FIELD, VERIFY_FILE_PATH } from '../rules/verification.ts'

export const documentVerdict = z.object({
  verdict: z.enum(['official', 'unofficial', 'demo']),
  /** SHA-256 of the file, lower-case hex: its fingerprint. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().nonnegative(),
  /** The registered document with this fingerprint; a revoked one makes the verdict non-official; null for a demo one. */
  document: z
    .object({
      title: z.string(),
      reference: z.string().nullable(),
      issuedTo: z.string(),
      issuedOn: isoDate,
      shownTo: z.enum(DOCUMENT_AUDIENCES),
      revokedOn: isoDate.nullable(),
    })
    .nullable(),
  /**
   * The file's PDF signature (docs/product.md#document-signatures); when there is one, it is the answer
   * and the register's verdict is not shown. intact: ours and unchanged since signing; changed: ours, but
   * the signed bytes differ or more were added after them; foreign: someone else's certificate (whose
   * name is never repeated: anyone can put any name in a certificate). null: the file is not signed.
   */
  signature: z
    .discriminatedUnion('state', [
      z.object({ state: z.enum(['intact', 'changed']), signedAt: z.iso.datetime({ offset: true }).nullable() }),
      z.object({ state: z.literal('foreign') }),
    ])
    .nullable(),
})
export type DocumentVerdict = z.output<typeof documentVerdict>
