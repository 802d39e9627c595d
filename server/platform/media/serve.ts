import { pipeline } from 'node:stream/promises'
import type { Request, Response, Router } from 'express'
import type { Logger } from 'pino'
import { MEDIA_PREFIX } from '../../../shared/rules/media.ts'
import { mediaKeyOf, type MediaStorage } from './storage.ts'

const YEAR = 'public, max-age=31536000, immutable'

/** One `bytes=` range of an object of `size` bytes, inclusive; null for none or several (sent whole), 'unsatisfiable' past the end. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // Several ranges, other units or nonsense: the whole object, which a client must accept.
  if (!match || (!match[1] && !match[2])) return null
  if (!match[1]) {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  if (match[2] && Number(match[2]) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

/**
 * `GET|HEAD /media/...`: a stored copy or video from the media storage, on any instance. Addresses
 * are content-addressed, so they are cached for a year; only keys of the shapes we make are looked
 * up (no other path reaches the storage). Videos and pictures both answer Range requests (206), so
 * a `<video>` can seek.
 */
export function mountMediaFiles(router: Router, storage: MediaStorage, logger: Logger): void {
  router.all(`${MEDIA_PREFIX}/*path`, async (req: Request, res: Response) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    // Opened on its own, a file is the browser's own image or video page: it may show this file and
    // style itself, nothing else (no sandbox: its opaque origin would make the video's own request cross-origin).
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'")
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).setHeader('Allow', 'GET, HEAD').type('text/plain').send('Method Not Allowed')
    const key = mediaKeyOf(req.path)
    if (!key) return res.status(404).type('text/plain').send('Not Found')
    try {
      const etag = `"${key.replace(/[/.]/g, '-')}"`
      const wantsRange = req.headers.range !== undefined
      const info = req.method === 'HEAD' || wantsRange ? await storage.head(key) : null
      if ((req.method === 'HEAD' || wantsRange) && !info) return res.status(404).type('text/plain').send('Not Found')
      res.setHeader('Cache-Control', YEAR)
      res.setHeader('ETag', etag)
      res.setHeader('Accept-Ranges', 'bytes')
      if (req.get('if-none-match') === etag) return res.status(304).end()
      const range = info && (!req.headers['if-range'] || req.headers['if-range'] === etag) ? parseRange(req.headers.range, info.size) : null
      if (range === 'unsatisfiable') return res.status(416).setHeader('Content-Range', `bytes */${info?.size}`).end()
      if (req.method === 'HEAD' && info) {
        res.type(info.contentType).setHeader('Content-Length', String(info.size))
        return res.status(200).end()
      }
      const object = await storage.get(key, range ?? undefined)
      if (!object) return res.status(404).type('text/plain').send('Not Found')
      res.type(object.contentType)
      if (object.range) {
        res.status(206)
        res.setHeader('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
        res.setHeader('Content-Length', String(object.range.end - object.range.start + 1))
      } else {
        res.status(200)
        res.setHeader('Content-Length', String(object.size))
      }
      await pipeline(object.body, res).catch((error: NodeJS.ErrnoException) => {
        // A viewer who scrolls on or seeks elsewhere closes the connection: not a failure.
        if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.warn({ err: error, key }, 'media: a file could not be sent whole')
      })
    } catch (error) {
      logger.error({ err: error, key }, 'media: storage failed')
      if (!res.headersSent) res.status(503).setHeader('Retry-After', '5').setHeader('Cache-Control', 'no-store').type('text/plain').send('Unavailable')
      else res.destroy()
    }
  })
}
