import express, { type Request, type Response, type Router } from 'express'
import { COOKIES } from '../../../shared/contracts/cookies.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import type { KeptEvidence, ScamReportForm } from '../../../shared/contracts/scam-reports.ts'
import { isUrlLanguage, type Locale, localeOf } from '../../../shared/languages.ts'
import { mayCall } from '../../../shared/rules/console-access.ts'
import { reportPath, reportThanksPath, SCAM_REPORT_LIMITS } from '../../../shared/rules/scam-reports.ts'
import {
  EVIDENCE_LIMITS,
  KEEP_EVIDENCE_FIELD,
  EVIDENCE_UPLOAD_PATH,
  EVIDENCE_DOWNLOAD_PATH,
  EVIDENCE_TOKEN,
} from '../../../shared/rules/scam-report-evidence.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.ts'
import { DomainError } from '../errors.ts'
import { fileDisposition } from '../media/index.ts'
import { parseCookies } from '../gateway.ts'
import { loadStrings } from '../kit/strings.ts'
import type { Platform } from '../platform.ts'
import { addressKey, type RateRule } from '../rate-limits.ts'
import { readEvidenceForm, storeEvidence } from './evidence.ts'
import * as repo from './scam-reports.repo.ts'
import type { ScamReportService } from './scam-reports.service.ts'

/** Files per address: a few reports' worth of screenshots, never a free file store (docs/product.md#scam-reports). */
export const EVIDENCE_UPLOADS: RateRule = { name: 'scamReports.evidence', points: 30, durationSeconds: 3600 }
/** A verifier opens a report's files a few times; a script looping over every file is stopped. */
export const EVIDENCE_DOWNLOADS: RateRule = { name: 'scamReports.evidenceOpen', points: 120, durationSeconds: 600 }

const one = (value: unknown, max: number): string =>
  (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '').slice(0, max)

/** The form's fields as a browser posts them without JavaScript (`channel` repeated). */
export function formOf(body: Record<string, unknown>): ScamReportForm {
  const channels = body.channel === undefined ? [] : Array.isArray(body.channel) ? body.channel : [body.channel]
  return {
    description: one(body.description, SCAM_REPORT_LIMITS.description + 200),
    channels: channels
      .filter((value): value is string => typeof value === 'string')
      .slice(0, SCAM_REPORT_LIMITS.channels)
      .map((value) => value.slice(0, 2000)),
    happenedOn: one(body.happenedOn, 10),
    amount: one(body.amount, 40),
    currency: one(body.currency, 3),
    email: one(body.email, SCAM_REPORT_LIMITS.email + 20),
    consent: one(body.consent, 10) === 'yes',
    evidence: listOf(body[KEEP_EVIDENCE_FIELD])
      .filter((token) => EVIDENCE_TOKEN.test(token))
      .slice(0, EVIDENCE_LIMITS.files * 2),
  }
}

const listOf = (value: unknown): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string')

/** The fields of a multipart post as urlencoded would give them (one value, or a list for repeated names). */
const flatten = (fields: Record<string, string[]>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values.length === 1 ? values[0] : values]))

/** A DomainError as the gateway's envelope, for the routes that answer JSON. */
function sendRefusal(platform: Platform, res: Response, error: unknown, requestId: string): void {
  if (res.headersSent) return
  const envelope = (status: number, data: unknown, message: string) => res.status(status).json({ succeed: false, ErrorCode: status, data, message, requestId })
  if (error instanceof DomainError) {
    if (error.errorCode === ERROR_CODES.rateLimited) res.setHeader('Retry-After', String(error.params.seconds ?? 60))
    return void envelope(error.errorCode, Object.keys(error.params).length ? error.params : null, error.code)
  }
  if (isDatabaseUnavailable(error)) {
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    return void envelope(ERROR_CODES.unavailable, { seconds: DATABASE_RETRY_AFTER_SECONDS }, 'errors.unavailable')
  }
  platform.logger.error({ err: error, requestId }, 'scam report evidence failed')
  envelope(ERROR_CODES.unexpected, null, 'errors.unexpected')
}

/** The upload's and the form's own check of where a post comes from: a page of this site, or no Origin at all (an old browser). */
function fromOurPages(platform: Platform, req: Request): boolean {
  const origin = req.headers.origin
  return !origin || origin === new URL(platform.config.PUBLIC_ORIGIN).origin
}

/**
 * The report form without JavaScript (docs/product.md#scam-reports): the browser posts to the page's own
 * address; a report made goes on to the thank-you page (303), a refused one back to the form with its
 * values and messages, kept under an unguessable id for minutes (never in the address: they are personal).
 */
export function scamReportRoutes(router: Router, platform: Platform, service: ScamReportService): void {
  const urlencoded = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 50 })
  router.post('/:lang/verify/report.html', async (req, res, next) => {
    const lang = String(req.params.lang)
    if (!isUrlLanguage(lang)) return next()
    const ip = (res.locals.context?.ip as string | undefined) ?? req.ip ?? ''
    const verified = platform.tokens.verify(req.cookies?.[COOKIES.accessToken])
    const userId = verified.ok && verified.principal.kind === 'user' ? verified.principal.userId : null
    res.setHeader('Cache-Control', 'no-store')
    // The form sends its files with it (multipart); an old form's post, or one without files, may be urlencoded.
    let body: Record<string, unknown> = {}
    let files: Array<{ bytes: Buffer; name: string }> = []
    let refusal: DomainError | null = null
    if (req.is('multipart/form-data')) {
      try {
        const read = await readEvidenceForm(req, EVIDENCE_LIMITS.files)
        body = flatten(read.fields)
        files = read.files
      } catch (error) {
        if (!(error instanceof DomainError)) return next(error)
        refusal = error
      }
    } else {
      const parsed = await new Promise<unknown>((resolve) => urlencoded(req, res, (error?: unknown) => resolve(error ?? null)))
      if (parsed) return next(parsed)
      body = (req.body ?? {}) as Record<string, unknown>
    }
    const form = formOf(body)
    // Each file that passes waits for the report even if the form is refused: the draft keeps it.
    for (const file of files) {
      if (refusal) break
      try {
        if (form.evidence.length >= EVIDENCE_LIMITS.files) throw new DomainError('scam:scamReport.errors.evidenceTooMany', ERROR_CODES.invalid)
        await platform.rateLimits.consume(EVIDENCE_UPLOADS, addressKey(ip))
        form.evidence.push((await storeEvidence(platform, file)).token)
      } catch (error) {
        if (!(error instanceof DomainError)) return next(error)
        refusal = error
      }
    }
    try {
      if (refusal) throw refusal
      const { reference } = await service.submit(form, { ip, locale: localeOf(lang), userId })
      res.redirect(303, reportThanksPath(lang, reference))
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error)
      const seconds = typeof error.params.seconds === 'number' ? error.params.seconds : null
      const isFile = error.code.startsWith('scam:scamReport.errors.evidence')
      const draft = service.keepDraft(form, {
        errors: error.fields ?? (isFile ? { evidence: error.code } : {}),
        failed: error.fields || isFile ? null : error.code === 'errors.rateLimited' ? error.code : 'errors.unexpected',
        seconds,
      })
      res.redirect(303, `${reportPath(lang)}?${new URLSearchParams({ draft }).toString()}`)
    }
  })

  /**
   * POST EVIDENCE_UPLOAD_PATH: one file (field `evidence`) from the form with JavaScript; answers the
   * envelope with the file as the form shows it and its token, sent with the report.
   */
  router.post(EVIDENCE_UPLOAD_PATH, async (req, res) => {
    const requestId = res.locals.context.requestId as string
    const ip = res.locals.context.ip as string
    res.setHeader('Cache-Control', 'no-store')
    try {
      if (!fromOurPages(platform, req)) throw new DomainError('errors.forbidden', ERROR_CODES.forbidden)
      if (!req.is('multipart/form-data')) throw new DomainError('scam:scamReport.errors.evidenceType', ERROR_CODES.unsupportedType)
      await platform.rateLimits.consume(EVIDENCE_UPLOADS, addressKey(ip))
      const { files } = await readEvidenceForm(req, 1)
      const [file] = files
      if (!file?.bytes.length) throw new DomainError('scam:scamReport.errors.evidenceType', ERROR_CODES.unsupportedType)
      const kept: KeptEvidence = await storeEvidence(platform, file)
      res.status(200).json({ succeed: true, ErrorCode: ERROR_CODES.ok, data: kept, requestId })
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!req.complete) res.setHeader('Connection', 'close')
      sendRefusal(platform, res, error, requestId)
    }
  })

  router.get(EVIDENCE_DOWNLOAD_PATH, (req, res, next) => {
    openEvidence(platform, req, res).catch(next)
  })
}

const consoleStrings = loadStrings('console')

/**
 * GET EVIDENCE_DOWNLOAD_PATH?id=: one evidence file for a staff member who may read the scam queue
 * (the verifier), audited in its transaction before a byte is sent. A plain link from the console (the
 * staff cookie's path); anyone else, and a file that is not there, get the same 404. Pictures open in
 * the browser (they were re-encoded: only pixels); a PDF is saved, never shown inside the console's
 * origin; the sandbox policy keeps either from running anything.
 */
async function openEvidence(platform: Platform, req: Request, res: Response): Promise<void> {
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Robots-Tag', 'noindex, nofollow')
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
  let locale: Locale = 'en'
  const missing = () => void res.status(404).type('text/plain; charset=utf-8').send(consoleStrings(locale)('errors.scamEvidenceNotFound'))
  const staff = await platform.staffGate?.resolve(parseCookies(req.headers.cookie))
  if (staff) locale = localeOf(staff.language)
  const id = Number(req.query.id)
  if (!staff || !mayCall(staff.roles, 'scamReportGroup') || !Number.isSafeInteger(id) || id <= 0) return missing()
  try {
    await platform.rateLimits.consume(EVIDENCE_DOWNLOADS, staff.staffId)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    res.setHeader('Retry-After', String(error.params.seconds ?? 60))
    return void res.status(429).type('text/plain; charset=utf-8').send(consoleStrings(locale)('errors.scamEvidenceTooMany'))
  }
  const file = await repo.evidenceById(platform.db, id)
  if (!file) return missing()
  const stored = await platform.services.media.storage.get(file.storage_key)
  if (!stored) {
    platform.logger.warn({ evidence: file.id }, 'scam report evidence: the stored file is missing')
    return missing()
  }
  try {
    await platform.db.transaction((tx) =>
      platform.services.staff.audit(
        tx,
        { staffId: staff.staffId, address: (res.locals.context?.ip as string | undefined) ?? '' },
        {
          function: 'console$openScamEvidence',
          target: file.group_id ? `scam-group:${file.group_id}` : null,
          before: null,
          after: { reference: file.reference, evidence: Number(file.id), kind: file.kind },
        },
      ),
    )
  } catch (error) {
    stored.body.destroy()
    throw error
  }
  res.setHeader('Content-Type', stored.contentType)
  res.setHeader('Content-Length', String(stored.size))
  res.setHeader('Content-Disposition', fileDisposition(file.kind === 'pdf' ? 'attachment' : 'inline', file.name))
  stored.body.on('error', (error) => {
    platform.logger.warn({ err: error }, 'scam report evidence: reading the stored file failed')
    res.destroy()
  })
  stored.body.pipe(res)
}
