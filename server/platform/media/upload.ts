import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import busboy from 'busboy'
import type { Request, Response, Router } from 'express'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { mayCall } from '../../../shared/rules/console-access.ts'
import { MEDIA_LIMITS, MEDIA_UPLOAD_PATH, MEDIA_VIDEO_TYPES, type MediaItem, type MediaVideoFormat, mediaVideoPath } from '../../../shared/rules/media.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.ts'
import { createRenderLimiter, LimiterBusy } from '../render-limiter.ts'
import { DomainError } from '../errors.ts'
import { fromConsolePage, parseCookies } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { contentHash, makeImage } from './images.ts'
import { cleanName, existingMedia, recordUpload } from './media-console.ts'
import type { MediaStorage } from './storage.ts'
import { uploadAnswer } from '../kit/upload-answer.ts'

/**
 * What the first bytes of a file say it is. Only a video container is told apart here (it is
 * streamed to disk, not held in memory); everything else is read as a picture and sharp judges it.
 * MP4 is an ISO box `ftyp` with a video brand (QuickTime `qt  ` and HEIF/AVIF brands are not);
 * WebM is an EBML header whose DocType is `webm` (other Matroska files are not).
 */
export function videoFormatOf(head: Buffer): MediaVideoFormat | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const size = head.readUInt32BE(0)
    const brand = head.toString('latin1', 8, 12)
    const VIDEO_BRANDS = ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4']
    return size >= 16 && size <= 512 && size % 4 === 0 && VIDEO_BRANDS.includes(brand) ? 'mp4' : null
  }
  if (head.length >= 8 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // The DocType element (0x4282) with the string "webm", within the EBML header.
    const header = head.subarray(0, 64)
    const at = header.indexOf(Buffer.from([0x42, 0x82]))
    return at >= 0 && header.subarray(at + 2, at + 12).includes(Buffer.from('webm')) ? 'webm' : null
  }
  return null
}

/**
 * Spool files left by an instance that stopped mid-upload. Only day-old ones: instances sharing
 * DATA_DIR may be receiving a video right now.
 */
async function removeStaleSpool(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  const before = Date.now() - 24 * 60 * 60 * 1000
  for (const name of names) {
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (info?.isFile() && info.mtimeMs < before) await rm(path, { force: true })
  }
}

/** Bytes to look at before deciding between a picture and a video. */
const HEAD_BYTES = 64

/**
 * POST /gateway/console/media-upload: one file as multipart/form-data (field "file") from the
 * console. The console gateway's checks apply (its header and Origin, a live staff session, the role
 * of console$saveMedia). A picture (≤ MEDIA_LIMITS.imageMb) is read into memory, checked by its
 * content and made into its copies by images.ts; a video (≤ MEDIA_LIMITS.videoMb) is streamed to a
 * file under DATA_DIR while it is hashed, then handed to the storage. Answers the MediaItem.
 */
export function mountMediaUpload(router: Router, platform: Platform, storage: MediaStorage): void {
  const imageMax = MEDIA_LIMITS.imageMb * 1024 * 1024
  const videoMax = MEDIA_LIMITS.videoMb * 1024 * 1024
  const spoolDir = join(platform.config.DATA_DIR, 'media-uploads')
  // Making copies takes a CPU core for about a second: one at a time, a few waiting, the rest told to retry.
  const limit = createRenderLimiter(1, 4)
  removeStaleSpool(spoolDir).catch((error: unknown) => platform.logger.warn({ err: error }, 'media: old upload spool files could not be removed'))

  router.post(MEDIA_UPLOAD_PATH, async (req: Request, res: Response) => {
    const answer = uploadAnswer(req, res)
    const requestId = answer.requestId
    /** A video's spool file, removed however the request ends. */
    let spooled: string | null = null
    let file: WriteStream | null = null
    const cleanUp = () => {
      file?.destroy()
      if (spooled) rm(spooled, { force: true }).catch(() => {})
    }
    const send = (status: number, data: unknown, message?: string) => {
      // A refused upload stops being read (the parser may never close): its spool file goes now.
      if (!answer.answered && status !== ERROR_CODES.ok) cleanUp()
      answer.send(status, data, message)
    }
    const refuse = (error: unknown) => {
      // What the message names (the size limit) travels as `data`, as the gateway sends a DomainError's params.
      if (error instanceof DomainError) return send(error.errorCode, Object.keys(error.params).length ? error.params : null, error.code)
      if (error instanceof LimiterBusy) {
        res.setHeader('Retry-After', '5')
        return send(ERROR_CODES.rateLimited, null, 'console:errors.mediaBusy')
      }
      if (isDatabaseUnavailable(error)) {
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        return send(ERROR_CODES.unavailable, { seconds: DATABASE_RETRY_AFTER_SECONDS }, 'errors.unavailable')
      }
      platform.logger.error({ err: error, requestId }, 'media upload failed')
      return send(ERROR_CODES.unexpected, null, 'console:errors.mediaUpload')
    }
    const tooLarge = (maxMb: number) => new DomainError('console:errors.mediaTooLarge', ERROR_CODES.tooLarge, { maxMb })

    const headers = req.headers as Record<string, string | undefined>
    const request = { method: 'POST', path: req.path, headers, query: {}, body: null, ip: res.locals.context.ip as string, requestId }
    if (!fromConsolePage(request, new URL(platform.config.PUBLIC_ORIGIN).origin)) return send(ERROR_CODES.forbidden, null, 'errors.consoleRequest')
    const staff = await platform.staffGate?.resolve(parseCookies(headers.cookie))
    if (!staff) return send(ERROR_CODES.token, null, 'errors.staffLoginRequired')
    if (!mayCall(staff.roles, 'saveMedia')) return send(ERROR_CODES.forbidden, null, 'errors.forbidden')
    if (!req.is('multipart/form-data')) return send(ERROR_CODES.invalid, null, 'console:errors.mediaUpload')
    // A form's picture field asks for a picture (`?kind=image`), a video field for a video: a file of the
    // other kind is refused from its first bytes, before a large video is read or anything is stored.
    const wanted = req.query.kind === 'image' || req.query.kind === 'video' ? req.query.kind : null
    if (wanted === 'image' && Number(headers['content-length']) > imageMax + 64 * 1024) return refuse(tooLarge(MEDIA_LIMITS.imageMb))
    if (Number(headers['content-length']) > videoMax + 64 * 1024) return refuse(tooLarge(MEDIA_LIMITS.videoMb))
    const actor = { staffId: staff.staffId, address: request.ip }

    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: videoMax, fields: 0, parts: 2 } })
    } catch {
      return send(ERROR_CODES.invalid, null, 'console:errors.mediaUpload')
    }

    /** Set once the file has been read whole: what to do with it. */
    let finish: (() => Promise<MediaItem>) | null = null
    let seenFile = false

    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || seenFile) return stream.resume()
      seenFile = true
      const name = cleanName(info.filename ?? '', MEDIA_LIMITS.name)
      const hash = createHash('sha256')
      let head = Buffer.alloc(0)
      let mode: 'image' | MediaVideoFormat | null = null
      const chunks: Buffer[] = []
      let bytes = 0
      let fileDone: Promise<void> = Promise.resolve()

      const decide = () => {
        const video = videoFormatOf(head)
        if (wanted === 'image' && video) return refuse(new DomainError('console:errors.mediaWantImage', ERROR_CODES.unsupportedType))
        if (wanted === 'video' && !video) return refuse(new DomainError('console:errors.mediaWantVideo', ERROR_CODES.unsupportedType))
        mode = video ?? 'image'
        if (video) {
          spooled = join(spoolDir, `${randomUUID()}.${video}`)
          const target = createWriteStream(spooled, { flags: 'wx' })
          file = target
          fileDone = new Promise((resolve, reject) => {
            target.on('finish', resolve)
            target.on('error', reject)
          })
          // Back-pressure: a slow disk slows the upload instead of filling memory.
          target.on('drain', () => stream.resume())
          target.write(head)
        } else chunks.push(head)
      }

      stream.on('data', (chunk: Buffer) => {
        if (answer.answered) return
        bytes += chunk.length
        hash.update(chunk)
        if (mode === null) {
          head = Buffer.concat([head, chunk])
          if (head.length >= HEAD_BYTES) decide()
          return
        }
        if (mode === 'image') {
          if (bytes > imageMax) {
            stream.resume()
            return refuse(tooLarge(MEDIA_LIMITS.imageMb))
          }
          chunks.push(chunk)
        } else if (file && !file.write(chunk)) stream.pause()
      })
      stream.on('limit', () => refuse(tooLarge(MEDIA_LIMITS.videoMb)))
      stream.on('end', () => {
        if (answer.answered) return
        if (bytes === 0) return
        if (mode === null) decide()
        if (answer.answered) return
        if (mode === 'image') {
          if (bytes > imageMax) return refuse(tooLarge(MEDIA_LIMITS.imageMb))
          const buffer = Buffer.concat(chunks)
          finish = async () => {
            const known = await existingMedia(platform.db, contentHash(buffer))
            if (known) return known
            const made = await limit(() => makeImage(buffer))
            // Files first, then the row: a row never names files that are not there.
            for (const copy of made.copies) await storage.put(copy.key, copy.bytes, copy.contentType)
            const keys = made.copies.map((copy) => copy.key)
            return recordUpload(platform.db, platform, actor, {
              id: made.hash,
              kind: 'image',
              src: made.src,
              width: made.width,
              height: made.height,
              keys,
              name,
              bytes,
            })
          }
          return
        }
        const format = mode as MediaVideoFormat
        const size = bytes
        const id = hash.digest('hex').slice(0, 32)
        file?.end()
        finish = async () => {
          await fileDone
          const known = await existingMedia(platform.db, id)
          if (known) return known
          const src = mediaVideoPath(id, format)
          const key = src.slice('/media/'.length)
          await storage.put(key, { path: spooled as string, bytes: size }, MEDIA_VIDEO_TYPES[format])
          return recordUpload(platform.db, platform, actor, { id, kind: 'video', src, width: 0, height: 0, keys: [key], name, bytes: size })
        }
      })
    })
    parser.on('error', () => send(ERROR_CODES.invalid, null, 'console:errors.mediaUpload'))
    parser.on('close', () => {
      if (answer.answered) return cleanUp()
      if (!finish) return send(ERROR_CODES.invalid, null, 'console:errors.mediaNoFile')
      finish()
        .then((item) => send(ERROR_CODES.ok, item))
        .catch(refuse)
        .finally(cleanUp)
    })
    req.once('aborted', cleanUp)
    await mkdir(spoolDir, { recursive: true })
    req.pipe(parser)
  })
}
