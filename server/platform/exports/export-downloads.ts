import type { Request, Response, Router } from 'express'
import { localeOf } from '../../../shared/languages.ts'
import { mayExport } from '../../../shared/rules/console-access.ts'
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_LIMITS, EXPORT_MEDIA_TYPES, EXPORT_ONLY, EXPORTS_PATH } from '../../../shared/rules/console-exports.ts'
import { parseCookies } from '../gateway.ts'
import { exportSlots } from '../kit/export-slots.ts'
import { loadStrings } from '../kit/strings.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import { auditExport, type ExportRequest, streamExport } from './export-stream.ts'

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null => ((list as readonly unknown[]).includes(value) ? (value as T) : null)

/**
 * GET EXPORTS_PATH?exhibition=&kind=&format=[&only=] (docs/product.md#streamed-exports): an exhibition's
 * orders, attendees, applications, exhibitors or survey answers as CSV or XLSX, streamed from a database cursor. The console's buttons are plain links:
 * the staff cookie (SameSite=Strict, on the console gateway's path) is the authority, as for the
 * manuals' preview, with the roles of each list (EXPORT_ACCESS), and a refusal is one translated sentence in the member's language. Exports wait
 * for one of the instance's few slots; when even the queue is full the member is asked to retry.
 */
export function mountExportDownloads(
  router: Router,
  platform: Platform,
  slots = exportSlots(EXPORT_LIMITS),
  batchRows: number = EXPORT_LIMITS.batchRows,
): void {
  const common = loadStrings('common')
  const console = loadStrings('console')
  router.get(EXPORTS_PATH, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    const staff = await platform.staffGate?.resolve(parseCookies(req.headers.cookie))
    const locale = localeOf(staff?.language ?? 'en')
    const refuse = (status: number, key: string) =>
      res
        .status(status)
        .type('text/plain; charset=utf-8')
        .send(key.startsWith('console:') ? console(locale)(key) : common(locale)(key))
    if (!staff) return refuse(401, 'errors.staffLoginRequired')
    const exhibitionId = Number(req.query.exhibition)
    const kind = oneOf(EXPORT_KINDS, req.query.kind)
    const format = oneOf(EXPORT_FORMATS, req.query.format)
    const only = kind ? oneOf(EXPORT_ONLY[kind] ?? [], req.query.only) : null
    if (!Number.isSafeInteger(exhibitionId) || exhibitionId <= 0 || !kind || !format || (req.query.only !== undefined && !only))
      return refuse(400, 'console:errors.exportLink')
    if (!mayExport(staff.roles, kind)) return refuse(403, 'errors.forbidden')
    const request: ExportRequest = { exhibitionId, kind, format, language: staff.language, only }

    // The request's own signal ends when the browser goes away, whether it waits or downloads.
    const gone = new AbortController()
    res.on('close', () => gone.abort())
    const ran = await slots.run(async () => {
      if (!(await auditExport(platform, actorOf(staff, res.locals.context.ip as string), request))) {
        refuse(404, 'console:errors.exhibitionNotFound')
        return
      }
      res.setHeader('Content-Type', EXPORT_MEDIA_TYPES[format])
      res.setHeader('Content-Disposition', `attachment; filename="exhibition-${exhibitionId}-${kind}${only ? `-${only}` : ''}.${format}"`)
      try {
        await streamExport(platform.db, request, res, batchRows)
      } catch (error) {
        // Headers are out: a failure mid-file can only cut the connection, which the browser shows as a failed download.
        if (!gone.signal.aborted) platform.logger.error({ err: error, requestId: res.locals.context.requestId }, 'export stopped')
        res.destroy()
      }
    }, gone.signal)
    if (!ran && !gone.signal.aborted) {
      res.setHeader('Retry-After', String(EXPORT_LIMITS.retryAfterSeconds))
      refuse(429, 'console:errors.exportsBusy')
    }
  })
}
