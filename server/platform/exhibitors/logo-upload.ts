import busboy from 'busboy'
import type { Request, Response, Router } from 'express'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { type Locale, LOCALES } from '../../../shared/languages.ts'
import { EXHIBITOR_LIMITS, EXHIBITOR_LOGO_FIELD, EXHIBITOR_LOGO_PATH, EXHIBITOR_MESSAGES } from '../../../shared/rules/exhibitors.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.ts'
import { DomainError } from '../errors.ts'
import { cleanName, storeVisitorImage } from '../media/index.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import { LimiterBusy } from '../render-limiter.ts'
import type { ExhibitorService } from './exhibitors.service.ts'
import { uploadAnswer } from '../kit/upload-answer.ts'

/** Uploads per account an hour: each costs a core for about a second. */
export const LOGO_UPLOADS: RateRule = { name: 'exhibitor.logos', points: EXHIBITOR_LIMITS.logosPerHour, durationSeconds: 3600 }

/** The media domain's refusals of a file (console wording) as the exhibitor area words them. */
const PICTURE_REFUSALS: Record<string, string> = {
  'console:errors.mediaSvg': EXHIBITOR_MESSAGES.logoSvg,
  'console:errors.mediaNotImage': EXHIBITOR_MESSAGES.logoNotImage,
  'console:errors.mediaTooManyPixels': EXHIBITOR_MESSAGES.logoSize,
  'console:errors.mediaTooTall': EXHIBITOR_MESSAGES.logoSize,
}

const MULTIPART_OVERHEAD = 64 * 1024

/**
 * POST EXHIBITOR_LOGO_PATH?exhibitor=<id>: an exhibitor admin's logo, one picture as multipart/form-data.
 * The caller is who their access token says (as for `user` gateway functions; the header is never sent
 * by a form of another site, so no cross-site request can upload). The member is checked before a byte
 * of the file is read; the picture is checked by its content and stored by the media domain; the answer
 * is the gateway's envelope with `{ logo }`.
 */
export function mountLogoUpload(router: Router, platform: Platform, service: ExhibitorService): void {
  const maxBytes = EXHIBITOR_LIMITS.logoMb * 1024 * 1024

  router.post(EXHIBITOR_LOGO_PATH, async (req: Request, res: Response) => {
    const answer = uploadAnswer(req, res)
    const { requestId, send } = answer
    const refuse = (error: unknown) => {
      if (error instanceof DomainError) {
        if (error.errorCode === ERROR_CODES.rateLimited) res.setHeader('Retry-After', String(error.params.seconds ?? 60))
        return send(error.errorCode, Object.keys(error.params).length ? error.params : null, PICTURE_REFUSALS[error.code] ?? error.code)
      }
      if (error instanceof LimiterBusy) {
        res.setHeader('Retry-After', '5')
        return send(ERROR_CODES.rateLimited, { seconds: 5 }, EXHIBITOR_MESSAGES.logoBusy)
      }
      if (isDatabaseUnavailable(error)) {
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        return send(ERROR_CODES.unavailable, { seconds: DATABASE_RETRY_AFTER_SECONDS }, 'errors.unavailable')
      }
      platform.logger.error({ err: error, requestId }, 'exhibitor logo upload failed')
      return send(ERROR_CODES.unexpected, null, EXHIBITOR_MESSAGES.logoFailed)
    }
    const tooLarge = () => refuse(new DomainError(EXHIBITOR_MESSAGES.logoTooLarge, ERROR_CODES.tooLarge, { maxMb: EXHIBITOR_LIMITS.logoMb }))

    try {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
      const verified = platform.tokens.verify(token)
      if (!verified.ok || verified.principal.kind !== 'user' || !(await platform.isSessionActive(verified.principal.sessionId))) {
        return send(ERROR_CODES.token, null, verified.ok && verified.principal.kind !== 'user' ? 'errors.loginRequired' : 'errors.token')
      }
      const accountId = verified.principal.userId
      const exhibitorId = Number(req.query.exhibitor)
      const language = String(req.headers.languagecode ?? 'en')
      const locale: Locale = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en'
      // Someone who may not change this exhibitor learns nothing more than its absence, before any file is read.
      if (!Number.isSafeInteger(exhibitorId) || exhibitorId <= 0 || !(await service.mayEdit(accountId, exhibitorId))) {
        return send(ERROR_CODES.notFound, null, EXHIBITOR_MESSAGES.notFound)
      }
      await platform.rateLimits.consume(LOGO_UPLOADS, accountId)
      if (!req.is('multipart/form-data')) return send(ERROR_CODES.invalid, null, EXHIBITOR_MESSAGES.logoFailed)
      if (Number(req.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD) return tooLarge()

      const parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 2 } })
      let picture: { bytes: Buffer; name: string } | null = null
      parser.on('file', (field, stream, info) => {
        if (field !== EXHIBITOR_LOGO_FIELD || picture) return stream.resume()
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('limit', tooLarge)
        stream.on('end', () => {
          if (!answer.answered) picture = { bytes: Buffer.concat(chunks), name: cleanName(info.filename ?? '', 200) || 'logo' }
        })
      })
      parser.on('error', () => send(ERROR_CODES.invalid, null, EXHIBITOR_MESSAGES.logoFailed))
      parser.on('close', () => {
        if (answer.answered) return
        const file = picture as { bytes: Buffer; name: string } | null
        if (!file || file.bytes.length === 0) return send(ERROR_CODES.invalid, null, EXHIBITOR_MESSAGES.logoNotImage)
        storeVisitorImage(platform, platform.services.media.storage, file.bytes, file.name)
          .then((item) => service.setLogo(accountId, exhibitorId, item.id, locale))
          .then((logo) => send(ERROR_CODES.ok, { logo }))
          .catch(refuse)
      })
      req.pipe(parser)
    } catch (error) {
      refuse(error)
    }
  })
}
