import { createHash, randomInt } from 'node:crypto'
import type { ParsedAttendee, ParsedExhibitor, MyApplication, OpenExhibition, SubmitResult } from '../../../shared/contracts/applications.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import type { Locale } from '../../../shared/languages.ts'
import { conflict, DomainError } from '../errors.ts'
import type { CallContext } from '../gateway.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import { acknowledgementMail } from './applications.mail.ts'
import {
  accountEmail,
  type ApplicationFields,
  findByContent,
  findByKey,
  findExhibition,
  findOpenExhibitions,
  insertApplication,
  linkAccount,
  listForAccount,
  type StoredApplication,
} from './applications.repo.ts'

/** Per client address: a person applies a few times at most; a script gets stopped early. */
export const SUBMIT_PER_IP: RateRule = { name: 'apply.submit.ip', points: 10, durationSeconds: 600 }
/** Per e-mail address: nobody can flood someone else's inbox with acknowledgements. */
export const SUBMIT_PER_EMAIL: RateRule = { name: 'apply.submit.email', points: 5, durationSeconds: 3600 }

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export function newReference(kind: ApplicationFields['kind']): string {
  let code = ''
  for (let index = 0; index < 8; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `${kind === 'exhibitor' ? 'EX' : 'AT'}-${code}`
}

/**
 * The uniqueness rule: the same application is the same kind, exhibition, e-mail (in any case) and
 * the same answers. A new form with other answers is a new application (a correction, a second
 * company), never a silent overwrite of an earlier one.
 */
export function contentHash(fields: ApplicationFields): string {
  const canonical = JSON.stringify([
    fields.kind,
    fields.exhibitionId,
    fields.email.toLowerCase(),
    fields.phoneE164,
    fields.companyName,
    fields.website,
    fields.contactPerson,
    fields.boothSize,
    fields.boothWidth,
    fields.boothDepth,
    fields.method,
    fields.surname,
    fields.givenName,
    fields.position,
    fields.identity,
    fields.industry,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

export function exhibitorFields(payload: ParsedExhibitor): ApplicationFields {
  return {
    kind: 'exhibitor',
    exhibitionId: payload.exhibitionId,
    email: payload.email,
    phoneE164: payload.phone?.e164 ?? null,
    phoneCountry: payload.phone?.country ?? null,
    companyName: payload.companyName,
    website: payload.website,
    contactPerson: payload.contactPerson,
    boothSize: payload.boothSize,
    boothWidth: payload.boothWidth,
    boothDepth: payload.boothDepth,
    method: payload.method,
    surname: null,
    givenName: null,
    position: null,
    identity: null,
    industry: null,
  }
}

export function attendeeFields(payload: ParsedAttendee): ApplicationFields {
  return {
    kind: 'attendee',
    exhibitionId: payload.exhibitionId,
    email: payload.email,
    phoneE164: payload.phone?.e164 ?? null,
    phoneCountry: payload.phone?.country ?? null,
    companyName: null,
    website: null,
    contactPerson: null,
    boothSize: null,
    boothWidth: null,
    boothDepth: null,
    method: null,
    surname: payload.surname,
    givenName: payload.givenName,
    position: payload.position,
    identity: payload.identity,
    industry: payload.industry,
  }
}

const iso = (value: Date | string) => new Date(value).toISOString()
const toNumber = (value: string | number | null) => (value === null ? null : Number(value))

export interface Submission {
  fields: ApplicationFields
  idempotencyKey: string
  honeypot: string
}

export function createApplicationService(platform: Platform) {
  const { db, logger } = platform

  const resultOf = (stored: StoredApplication): SubmitResult => ({ reference: stored.reference, submittedAt: iso(stored.created_at) })

  /** The twin of a submission that inserted nothing: same key (a retry) or same content (a resend). */
  const twinOf = async (tx: Parameters<Parameters<Platform['db']['transaction']>[0]>[0], key: string, hash: string) => {
    const byKey = await findByKey(tx, key)
    if (byKey) {
      // One key, one application: the same key with other answers is a client bug or tampering.
      if (byKey.content_hash !== hash) throw conflict('apply:result.keyReused')
      return byKey
    }
    return findByContent(tx, hash)
  }

  return {
    async openExhibitions(locale: Locale): Promise<OpenExhibition[]> {
      const rows = await findOpenExhibitions(db, locale)
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        city: row.city,
        countryCode: row.country_code,
        startsAt: iso(row.starts_at),
        endsAt: iso(row.ends_at),
        timeZone: row.time_zone,
      }))
    },

    /**
     * Stores one application and queues its acknowledgement in the same transaction. Idempotent:
     * a retry with the same key, or the same answers sent again, returns the first record and sends
     * no second mail, also when both arrive at the same moment.
     */
    async submit(submission: Submission, context: CallContext): Promise<SubmitResult> {
      const { fields, idempotencyKey } = submission
      const hash = contentHash(fields)

      // A retry of a stored submission answers as the first time did, before any limit applies.
      const earlier = await findByKey(db, idempotencyKey)
      if (earlier) {
        if (earlier.content_hash !== hash) throw conflict('apply:result.keyReused')
        return resultOf(earlier)
      }

      await platform.rateLimits.consume(SUBMIT_PER_IP, context.ip || 'unknown')
      if (submission.honeypot.trim() !== '') {
        // Bots are told it worked, so they learn nothing; nothing is stored or sent.
        logger.info({ requestId: context.requestId, ip: context.ip }, 'application refused: honeypot field filled')
        return { reference: newReference(fields.kind), submittedAt: new Date().toISOString() }
      }
      await platform.rateLimits.consume(SUBMIT_PER_EMAIL, fields.email.toLowerCase())

      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await db.transaction(async (tx) => {
          const exhibition = await findExhibition(tx, fields.exhibitionId, context.locale)
          if (!exhibition?.open) {
            throw new DomainError('apply:result.closed', exhibition ? ERROR_CODES.gone : ERROR_CODES.notFound, {}, { exhibitionId: 'validation.closed' })
          }
          const reference = newReference(fields.kind)
          const inserted = await insertApplication(tx, {
            ...fields,
            reference,
            accountId: context.userId,
            locale: context.locale,
            idempotencyKey,
            contentHash: hash,
            ip: context.ip || null,
          })
          if (inserted) {
            await queueMail(
              tx,
              acknowledgementMail({
                locale: context.locale,
                reference,
                fields,
                exhibition: {
                  title: exhibition.title,
                  startsAt: exhibition.starts_at,
                  endsAt: exhibition.ends_at,
                  timeZone: exhibition.time_zone,
                  city: exhibition.city,
                },
                brand: platform.config.BRAND_NAME,
                contactEmail: platform.config.CONTACT_EMAIL,
                publicOrigin: platform.config.PUBLIC_ORIGIN,
              }),
            )
            return inserted
          }
          const twin = await twinOf(tx, idempotencyKey, hash)
          // The same answers sent again while logged in: link it when the account's address is the applicant's.
          if (twin && !twin.account_id && context.userId) {
            const accountAddress = await accountEmail(tx, context.userId)
            if (accountAddress && accountAddress.toLowerCase() === twin.email.toLowerCase()) await linkAccount(tx, twin.id, context.userId)
          }
          return twin
        })
        // Nothing inserted and no twin: only the random reference collided. Draw another.
        if (outcome) return resultOf(outcome)
      }
      throw new Error('could not draw a free application reference')
    },

    async myApplications(accountId: string, locale: Locale): Promise<MyApplication[]> {
      const rows = await listForAccount(db, accountId, locale)
      return rows.map((row) => ({
        reference: row.reference,
        kind: row.kind,
        status: row.status,
        submittedAt: iso(row.created_at),
        exhibition: {
          id: row.exhibition_id,
          title: row.title,
          city: row.city,
          startsAt: iso(row.starts_at),
          endsAt: iso(row.ends_at),
          timeZone: row.time_zone,
        },
        companyName: row.company_name,
        surname: row.surname,
        givenName: row.given_name,
        boothSize: (row.booth_size as MyApplication['boothSize']) ?? null,
        boothWidth: toNumber(row.booth_width_m),
        boothDepth: toNumber(row.booth_depth_m),
        position: row.position,
        note: row.applicant_note,
        decidedAt: row.decided_at ? iso(row.decided_at) : null,
      }))
    },

    async applicantDefaults(accountId: string): Promise<{ email: string | null }> {
      return { email: await accountEmail(db, accountId) }
    },
  }
}

export type ApplicationService = ReturnType<typeof createApplicationService>
