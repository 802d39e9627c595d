import busboy from 'busboy'
import type { Request, Response, Router } from 'express'
import type { UserInfo } from '../../../../shared/contracts/accounts.ts'
import { ERROR_CODES } from '../../../../shared/contracts/define.ts'
import { isUrlLanguage, type Locale, LOCALES, localeOf } from '../../../../shared/languages.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { MANUAL_FIELD, MANUAL_LIMITS, MANUAL_ROUTE, MANUAL_UPLOAD_PATH, PDF_MAGIC, TASK_MESSAGES } from '../../../../shared/rules/exhibitor-tasks.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../../db/unavailable.ts'
import { DomainError, invalid, notFound } from '../../errors.ts'
import { fromConsolePage, parseCookies } from '../../gateway.ts'
import { loadStrings } from '../../kit/strings.ts'
import { cleanName, documentKey } from '../../media/index.ts'
import type { Platform } from '../../platform.ts'
import type { RateRule } from '../../rate-limits.ts'
import { actorOf, type StaffActor } from '../../staff-actor.ts'
import * as exhibitors from '../exhibitors.repo.ts'
import * as repo from './tasks.repo.ts'
import { manualIn, taskBoard } from './tasks.service.ts'
import { uploadAnswer } from '../../kit/upload-answer.ts'

/**
 * The exhibitor manual (docs/product.md#exhibitor-manual): the organiser's PDF of a `manual` task, one a
 * language, uploaded in the console and read by the exhibitor's members through the area's link. Opening
 * it is what makes the task done for the exhibitor (the first member to open it is kept).
 */

const MULTIPART_OVERHEAD = 64 * 1024
/** A member opens the manual a few times; a script looping on a 20 MB file is stopped. */
export const MANUAL_DOWNLOADS: RateRule = { name: 'exhibitor.manual', points: 30, durationSeconds: 60 }

const now = () => new Date(Date.now())
const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** The PDF stored, then recorded with its audit line in one transaction; the replaced file goes after the commit. */
async function saveManual(
  platform: Platform,
  actor: StaffActor,
  target: { exhibitionId: number; taskId: number; locale: Locale },
  file: { bytes: Buffer; name: string },
): Promise<void> {
  const { storage } = platform.services.media
  const key = documentKey()
  // The file first, then the row: a row never names a file that is not there.
  await storage.put(key, file.bytes, 'application/pdf')
  let replaced: string | null = null
  try {
    await platform.db.transaction(async (tx) => {
      const task = await repo.task(tx, target.exhibitionId, target.taskId, true)
      if (!task) throw notFound(TASK_MESSAGES.notFound)
      if (task.kind !== 'manual') throw invalid({ taskId: TASK_MESSAGES.manualKind }, TASK_MESSAGES.manualKind)
      const before = (await repo.manualsOf(tx, [task.id], true)).find((row) => row.locale === target.locale) ?? null
      const version = await repo.putManual(tx, { taskId: task.id, locale: target.locale, key, name: file.name, bytes: file.bytes.length, at: now() })
      const title = (await repo.textsOf(tx, [task.id])).find((text) => text.locale === 'en')?.title ?? ''
      await platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        {
          function: 'console$saveExhibitorManual',
          target: `exhibition:${target.exhibitionId}`,
          before: before ? { task: task.id, locale: before.locale, version: before.version, name: before.file_name, bytes: before.bytes } : null,
          after: { task: task.id, title, locale: target.locale, version, name: file.name, bytes: file.bytes.length },
        },
      )
      replaced = before?.storage_key ?? null
    })
  } catch (error) {
    await storage.delete(key).catch(() => {})
    throw error
  }
  if (replaced) await storage.delete(replaced).catch((error: unknown) => platform.logger.warn({ err: error }, 'exhibitor manual: replaced file not removed'))
}

/**
 * POST MANUAL_UPLOAD_PATH?exhibition=&task=&locale=: one PDF as multipart/form-data (field `file`) from the
 * console's checklist. The console gateway's checks apply (its header and Origin, a live staff session,
 * the role of console$saveExhibitorTask, the member's exhibitions), all before a byte of the file is read.
 * The file must start as every PDF does: a picture renamed .pdf is refused by its content, not its name.
 * Answers the checklist's board.
 */
export function mountManualUpload(router: Router, platform: Platform): void {
  const maxBytes = MANUAL_LIMITS.mb * 1024 * 1024

  router.post(MANUAL_UPLOAD_PATH, async (req: Request, res: Response) => {
    const answer = uploadAnswer(req, res)
    const { requestId, send } = answer
    const refuse = (error: unknown) => {
      if (error instanceof DomainError) {
        const data = error.fields ? { fields: error.fields, ...error.params } : Object.keys(error.params).length ? error.params : null
        return send(error.errorCode, data, error.code)
      }
      if (isDatabaseUnavailable(error)) {
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        return send(ERROR_CODES.unavailable, { seconds: DATABASE_RETRY_AFTER_SECONDS }, 'errors.unavailable')
      }
      platform.logger.error({ err: error, requestId }, 'exhibitor manual upload failed')
      return send(ERROR_CODES.unexpected, null, TASK_MESSAGES.manualFailed)
    }
    const tooLarge = () =>
      refuse(new DomainError(TASK_MESSAGES.manualTooLarge, ERROR_CODES.tooLarge, { maxMb: MANUAL_LIMITS.mb }, { file: TASK_MESSAGES.manualTooLarge }))
    const notPdf = () => refuse(invalid({ file: TASK_MESSAGES.manualNotPdf }, TASK_MESSAGES.manualNotPdf))

    try {
      const headers = req.headers as Record<string, string | undefined>
      const request = { method: 'POST', path: req.path, headers, query: {}, body: null, ip: res.locals.context.ip as string, requestId }
      if (!fromConsolePage(request, new URL(platform.config.PUBLIC_ORIGIN).origin)) return send(ERROR_CODES.forbidden, null, 'errors.consoleRequest')
      const staff = await platform.staffGate?.resolve(parseCookies(headers.cookie))
      if (!staff) return send(ERROR_CODES.token, null, 'errors.staffLoginRequired')
      if (!mayCall(staff.roles, 'saveExhibitorTask')) return send(ERROR_CODES.forbidden, null, 'errors.forbidden')
      const actor = actorOf(staff, request.ip)
      const exhibitionId = Number(req.query.exhibition)
      const taskId = Number(req.query.task)
      const locale = String(req.query.locale ?? '')
      if (!Number.isSafeInteger(exhibitionId) || exhibitionId <= 0) throw exhibitionNotFound()
      // A member limited to other exhibitions learns nothing of this one.
      if (staff.exhibitionIds !== null && !staff.exhibitionIds.includes(exhibitionId)) throw exhibitionNotFound()
      if (!Number.isSafeInteger(taskId) || taskId <= 0) throw notFound(TASK_MESSAGES.notFound)
      if (!(LOCALES as readonly string[]).includes(locale)) throw invalid({ locale: 'errors.invalid' })
      const task = await repo.task(platform.db, exhibitionId, taskId)
      if (!task) throw notFound(TASK_MESSAGES.notFound)
      if (task.kind !== 'manual') throw invalid({ taskId: TASK_MESSAGES.manualKind }, TASK_MESSAGES.manualKind)
      if (!req.is('multipart/form-data')) return notPdf()
      if (Number(headers['content-length']) > maxBytes + MULTIPART_OVERHEAD) return tooLarge()

      const parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 2 } })
      let pdf: { bytes: Buffer; name: string } | null = null
      parser.on('file', (field, stream, info) => {
        if (field !== MANUAL_FIELD || pdf) return stream.resume()
        const chunks: Buffer[] = []
        let head = Buffer.alloc(0)
        stream.on('data', (chunk: Buffer) => {
          if (answer.answered) return
          if (head.length < PDF_MAGIC.length) {
            head = Buffer.concat([head, chunk])
            // Refused from its first bytes: nothing more of a picture renamed .pdf is read.
            if (head.length >= PDF_MAGIC.length && head.toString('latin1', 0, PDF_MAGIC.length) !== PDF_MAGIC) return notPdf()
          }
          chunks.push(chunk)
        })
        stream.on('limit', tooLarge)
        stream.on('end', () => {
          if (answer.answered) return
          const name = cleanName(info.filename ?? '', MANUAL_LIMITS.name) || 'manual.pdf'
          pdf = { bytes: Buffer.concat(chunks), name }
        })
      })
      parser.on('error', notPdf)
      parser.on('close', () => {
        if (answer.answered) return
        const file = pdf as { bytes: Buffer; name: string } | null
        if (!file || file.bytes.length < PDF_MAGIC.length || file.bytes.toString('latin1', 0, PDF_MAGIC.length) !== PDF_MAGIC) return notPdf()
        saveManual(platform, actor, { exhibitionId, taskId, locale: locale as Locale }, file)
          .then(() => taskBoard(platform.db, actor, exhibitionId))
          .then((board) => send(ERROR_CODES.ok, board))
          .catch(refuse)
      })
      req.pipe(parser)
    } catch (error) {
      refuse(error)
    }
  })
}

/** A name any browser and file system keeps: ASCII letters, digits, dots, dashes; always ending in .pdf. */
export function safeFileName(name: string): string {
  const base = name
    .replace(/\.pdf$/i, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100)
  return `${base || 'manual'}.pdf`
}

/**
 * The stored PDF with the headers every manual download has; false when its file is missing. `before`
 * runs once the file is found, before a byte is sent (the member's open is recorded there).
 */
async function sendManual(platform: Platform, res: Response, manual: repo.ManualRow, before: () => Promise<void> = async () => {}): Promise<boolean> {
  const stored = await platform.services.media.storage.get(manual.storage_key)
  if (!stored) {
    platform.logger.warn({ task: manual.task_id, locale: manual.locale }, 'exhibitor manual: the stored file is missing')
    return false
  }
  try {
    await before()
  } catch (error) {
    stored.body.destroy()
    throw error
  }
  res.setHeader('Content-Type', 'application/pdf')
  res.setHeader('Content-Length', String(stored.size))
  // Inline: a phone opens it in its reader at once; the name is what a saved copy gets.
  res.setHeader('Content-Disposition', contentDisposition(manual.file_name))
  res.setHeader('Content-Language', manual.locale)
  stored.body.on('error', (error) => {
    platform.logger.warn({ err: error }, 'exhibitor manual: reading the stored file failed')
    res.destroy()
  })
  stored.body.pipe(res)
  return true
}

/**
 * GET MANUAL_UPLOAD_PATH?exhibition=&task=&locale=: the organiser's own look at an uploaded PDF (that
 * language's file, no fallback), for members who may read the checklist, within their exhibitions. A
 * plain link from the console (the staff cookie goes to the console's gateway path); it changes nothing,
 * so it needs no console header. Anything else is the same 404.
 */
export function mountManualPreview(router: Router, platform: Platform): void {
  const strings = loadStrings('console')
  router.get(MANUAL_UPLOAD_PATH, async (req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    let locale: Locale = 'en'
    const missing = () =>
      res
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(strings(locale)(TASK_MESSAGES.notFound.replace(/^console:/, '')))
    try {
      const staff = await platform.staffGate?.resolve(parseCookies(req.headers.cookie))
      if (staff) locale = localeOf(staff.language)
      const exhibitionId = Number(req.query.exhibition)
      const taskId = Number(req.query.task)
      const language = String(req.query.locale ?? '')
      if (!staff || !mayCall(staff.roles, 'exhibitorTaskBoard')) return missing()
      if (!Number.isSafeInteger(exhibitionId) || (staff.exhibitionIds !== null && !staff.exhibitionIds.includes(exhibitionId))) return missing()
      if (!Number.isSafeInteger(taskId) || !(LOCALES as readonly string[]).includes(language)) return missing()
      const task = await repo.task(platform.db, exhibitionId, taskId)
      if (task?.kind !== 'manual') return missing()
      const manual = (await repo.manualsOf(platform.db, [task.id])).find((row) => row.locale === language)
      if (!manual || !(await sendManual(platform, res, manual))) return missing()
    } catch (error) {
      next(error)
    }
  })
}

/** RFC 6266: an ASCII name for old clients and the uploaded name (in any script) encoded for the others. */
export function contentDisposition(name: string): string {
  const ascii = safeFileName(name)
  const full = `${name.replace(/\.pdf$/i, '').replace(/[\p{Cc}\\/]+/gu, '-') || 'manual'}.pdf`
  const encoded = encodeURIComponent(full).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * GET MANUAL_ROUTE: the manual of a task for a member (admin or staff) of the exhibitor, in the page's
 * language along the content fallback. The login cookie is resolved for page paths (the accounts
 * domain's session middleware), so the area's plain link works. Anyone else, signed out included, gets
 * the same 404: nothing tells that an exhibitor, a task or a manual exists. The open is recorded before
 * the file is sent: it is what makes the task done.
 */
export function mountManualDownload(router: Router, platform: Platform): void {
  const strings = loadStrings('exhibitor')
  router.get(MANUAL_ROUTE, async (req, res, next) => {
    const { lang = '', exhibitor = '', file = '' } = req.params as Record<string, string>
    if (!isUrlLanguage(lang)) return next()
    const locale = localeOf(lang)
    res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    const missing = () => res.status(404).type('text/plain; charset=utf-8').send(strings(locale)('checklist.manualMissing'))
    const user = res.locals.user as UserInfo | undefined
    const exhibitorId = Number(exhibitor)
    const taskId = Number(/^([1-9]\d{0,15})\.pdf$/.exec(file)?.[1])
    if (!user || !Number.isSafeInteger(exhibitorId) || exhibitorId <= 0 || !Number.isSafeInteger(taskId)) return missing()
    try {
      await platform.rateLimits.consume(MANUAL_DOWNLOADS, user.userId)
      const row = await exhibitors.exhibitorFor(platform.db, exhibitorId, user.userId, ['en'])
      if (!row?.role) return missing()
      const task = await repo.task(platform.db, row.exhibition_id, taskId)
      if (task?.kind !== 'manual') return missing()
      const manual = manualIn(await repo.manualsOf(platform.db, [task.id]), locale)
      if (!manual) return missing()
      // A withdrawn exhibitor still reads it; only an active one's checklist moves. A HEAD reads nothing.
      const record = async () => {
        if (row.status === 'active' && req.method === 'GET') await repo.confirm(platform.db, task.id, exhibitorId, user.userId, now())
      }
      if (!(await sendManual(platform, res, manual, record))) return missing()
    } catch (error) {
      if (error instanceof DomainError && error.errorCode === ERROR_CODES.rateLimited) {
        res.setHeader('Retry-After', String(error.params.seconds ?? 60))
        return res.status(429).type('text/plain; charset=utf-8').send(strings(locale)('checklist.manualTooMany'))
      }
      next(error)
    }
  })
}
