import type { Request, Response, Router } from 'express'
import type { UserInfo } from '../../../shared/contracts/accounts.ts'
import { COOKIES } from '../../../shared/contracts/cookies.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { isUrlLanguage, type Locale, localeOf } from '../../../shared/languages.ts'
import { mayCall } from '../../../shared/rules/console-access.ts'
import {
  ANSWER_FILE_MESSAGES,
  ANSWER_FILE_ROUTE,
  ANSWER_FILE_TOKEN,
  ANSWER_FILE_UPLOAD_PATH,
  CONSOLE_ANSWER_FILE_PATH,
} from '../../../shared/rules/ticket-question-files.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.ts'
import { DomainError } from '../errors.ts'
import { parseCookies } from '../gateway.ts'
import { loadStrings } from '../kit/strings.ts'
import { fileDisposition } from '../media/index.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import { answerFileFor, attachedAnswerFile, readAnswerFileForm, type StoredAnswerFile, storeAnswerFile } from './answer-files.ts'

/** Files per account: a few tickets' answers, and a few tries each, never a free file store (docs/product.md#ticket-question-files). */
export const ANSWER_FILE_UPLOADS: RateRule = { name: 'tickets.answerFiles', points: 30, durationSeconds: 3600 }
/** Opening files: a person looks at a few, a script looping over tokens is stopped. */
export const ANSWER_FILE_DOWNLOADS: RateRule = { name: 'tickets.answerFilesOpen', points: 120, durationSeconds: 600 }

const tickets = loadStrings('tickets')
const consoleStrings = loadStrings('console')

function envelope(res: Response, status: number, data: unknown, message: string, requestId: string): void {
  res.status(status).json({ succeed: false, ErrorCode: status, data, message, requestId })
}

const signedIn = (platform: Platform, req: Request): string | null => {
  const verified = platform.tokens.verify(req.cookies?.[COOKIES.accessToken])
  return verified.ok && verified.principal.kind === 'user' ? verified.principal.userId : null
}

/** Never shown inside the site's origin: saved, typed by its content, nothing in it may run. */
function sendFile(
  platform: Platform,
  res: Response,
  file: StoredAnswerFile,
  stored: NonNullable<Awaited<ReturnType<Platform['services']['media']['storage']['get']>>>,
) {
  res.setHeader('Content-Type', stored.contentType)
  res.setHeader('Content-Length', String(stored.size))
  res.setHeader('Content-Disposition', fileDisposition('attachment', file.name))
  stored.body.on('error', (error) => {
    platform.logger.warn({ err: error }, 'answer file: reading the stored file failed')
    res.destroy()
  })
  stored.body.pipe(res)
}

function privateHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Robots-Tag', 'noindex, nofollow')
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'")
}

/**
 * The file answers' routes (docs/product.md#ticket-question-files): the upload for the attendee form
 * (signed in, from this site's pages), the download for the ticket's buyer and holder, and the one for
 * staff who may read the order, audited before a byte is sent.
 */
export function answerFileRoutes(router: Router, platform: Platform): void {
  const ourOrigin = new URL(platform.config.PUBLIC_ORIGIN).origin

  router.post(ANSWER_FILE_UPLOAD_PATH, async (req, res) => {
    const requestId = res.locals.context.requestId as string
    res.setHeader('Cache-Control', 'no-store')
    try {
      const origin = req.headers.origin
      if (origin && origin !== ourOrigin) throw new DomainError('errors.forbidden', ERROR_CODES.forbidden)
      const userId = signedIn(platform, req)
      if (!userId) throw new DomainError('tickets:questions.file.signIn', ERROR_CODES.token)
      if (!req.is('multipart/form-data')) throw new DomainError(ANSWER_FILE_MESSAGES.type, ERROR_CODES.unsupportedType)
      await platform.rateLimits.consume(ANSWER_FILE_UPLOADS, userId)
      const { files } = await readAnswerFileForm(req)
      const [file] = files
      if (!file?.bytes.length) throw new DomainError(ANSWER_FILE_MESSAGES.type, ERROR_CODES.unsupportedType)
      const kept = await storeAnswerFile(platform, userId, file, new Date())
      res.status(200).json({ succeed: true, ErrorCode: ERROR_CODES.ok, data: kept, requestId })
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!req.complete) res.setHeader('Connection', 'close')
      if (res.headersSent) return
      if (error instanceof DomainError) {
        if (error.errorCode === ERROR_CODES.rateLimited) res.setHeader('Retry-After', String(error.params.seconds ?? 60))
        return envelope(res, error.errorCode, Object.keys(error.params).length ? error.params : null, error.code, requestId)
      }
      if (isDatabaseUnavailable(error)) {
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        return envelope(res, ERROR_CODES.unavailable, { seconds: DATABASE_RETRY_AFTER_SECONDS }, 'errors.unavailable', requestId)
      }
      platform.logger.error({ err: error, requestId }, 'answer file upload failed')
      envelope(res, ERROR_CODES.unexpected, null, 'errors.unexpected', requestId)
    }
  })

  router.get(ANSWER_FILE_ROUTE, (req, res, next) => {
    if (!isUrlLanguage(String(req.params.lang))) return next()
    openOwnFile(platform, req, res).catch(next)
  })
  router.get(CONSOLE_ANSWER_FILE_PATH, (req, res, next) => {
    openStaffFile(platform, req, res).catch(next)
  })
}

/** The buyer's or holder's own download (a plain link on My tickets); anyone else gets the same 404. */
async function openOwnFile(platform: Platform, req: Request, res: Response): Promise<void> {
  privateHeaders(res)
  const lang = String(req.params.lang)
  const t = tickets(isUrlLanguage(lang) ? localeOf(lang) : 'en')
  const userId = (res.locals.user as UserInfo | undefined)?.userId ?? signedIn(platform, req)
  if (!userId) return void res.status(401).type('text/plain; charset=utf-8').send(t('questions.file.signIn'))
  const missing = () => void res.status(404).type('text/plain; charset=utf-8').send(t('questions.file.notFound'))
  const token = String(req.params.token ?? '')
  if (!ANSWER_FILE_TOKEN.test(token)) return missing()
  try {
    await platform.rateLimits.consume(ANSWER_FILE_DOWNLOADS, userId)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    res.setHeader('Retry-After', String(error.params.seconds ?? 60))
    return void res.status(429).type('text/plain; charset=utf-8').send(t('pdf.tooMany'))
  }
  const file = await answerFileFor(platform.db, token, userId)
  const stored = file ? await platform.services.media.storage.get(file.storage_key) : null
  if (!file || !stored) return missing()
  sendFile(platform, res, file, stored)
}

/**
 * Staff who may read orders open a ticket's file from the order screen (the staff cookie's path),
 * audited in its own transaction before the file is sent: the order and ticket, never the file's name.
 */
async function openStaffFile(platform: Platform, req: Request, res: Response): Promise<void> {
  privateHeaders(res)
  let locale: Locale = 'en'
  const missing = () => void res.status(404).type('text/plain; charset=utf-8').send(consoleStrings(locale)('errors.scamEvidenceNotFound'))
  const staff = await platform.staffGate?.resolve(parseCookies(req.headers.cookie))
  if (staff) locale = localeOf(staff.language)
  const token = typeof req.query.token === 'string' ? req.query.token : ''
  if (!staff || !mayCall(staff.roles, 'orderDetail') || !ANSWER_FILE_TOKEN.test(token)) return missing()
  try {
    await platform.rateLimits.consume(ANSWER_FILE_DOWNLOADS, staff.staffId)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    res.setHeader('Retry-After', String(error.params.seconds ?? 60))
    return void res.status(429).type('text/plain; charset=utf-8').send(consoleStrings(locale)('errors.scamEvidenceTooMany'))
  }
  const file = await attachedAnswerFile(platform.db, token)
  const stored = file ? await platform.services.media.storage.get(file.storage_key) : null
  if (!file || !stored) return missing()
  try {
    await platform.db.transaction((tx) =>
      platform.services.staff.audit(
        tx,
        { staffId: staff.staffId, address: (res.locals.context?.ip as string | undefined) ?? '' },
        {
          function: 'console$openAnswerFile',
          target: `order:${file.order_number}`,
          before: null,
          after: { order: file.order_number, ticket: file.position, file: Number(file.id), kind: file.kind },
        },
      ),
    )
  } catch (error) {
    stored.body.destroy()
    throw error
  }
  sendFile(platform, res, file, stored)
}
