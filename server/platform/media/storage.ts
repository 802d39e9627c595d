import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { AwsClient } from 'aws4fetch'
import { MEDIA_IMAGE_TYPES, MEDIA_VIDEO_TYPES } from '../../../shared/rules/media.ts'

/**
 * Where uploaded media live (docs/product.md#console-media): one interface, on disk under DATA_DIR by default, in
 * S3-compatible object storage when its variables are set. Several instances share one DATA_DIR or one
 * bucket, so whatever one instance stored every other serves.
 *
 * Keys are the media paths without `/media/` and are checked here against the only shapes that can
 * exist (mediaKeyOf), so no key ever leaves the media folder or names a file we did not make.
 */

/** What is being written: bytes in memory (a picture's copies), or a spooled file on disk (a video, never held in memory). */
export type MediaBody = Buffer | { path: string; bytes: number }

export interface StoredMedia {
  body: Readable
  contentType: string
  /** Bytes of the whole object. */
  size: number
  /** The range sent, inclusive; absent when the whole object is sent. */
  range?: { start: number; end: number }
}

export interface MediaStorage {
  readonly kind: 'disk' | 's3'
  put(key: string, body: MediaBody, contentType: string): Promise<void>
  /** The object, or a byte range of it (inclusive), or null when there is none. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredMedia | null>
  /** Size and type without the body (HEAD, and Range requests that need the size first). */
  head(key: string): Promise<{ size: number; contentType: string } | null>
  delete(key: string): Promise<void>
}

const KEY = /^[0-9a-f]{32}\/(?:[1-9]\d{0,4}x[1-9]\d{0,4}\/[1-9]\d{0,4}\.(avif|webp|jpg|png)|video\.(mp4|webm))$/
const TYPES: Record<string, string> = { ...MEDIA_IMAGE_TYPES, ...MEDIA_VIDEO_TYPES, pdf: 'application/pdf' }
/**
 * Private documents (the exhibitor manual, docs/product.md#exhibitor-manual) share the storage but not
 * the public route: mediaKeyOf never accepts this shape, so /media/ cannot serve one.
 */
const DOCUMENT_KEY = /^documents\/[0-9a-f]{32}\.pdf$/
/** Evidence on a scam report (docs/product.md#scam-reports): private too, read only through the verifier's route. */
const EVIDENCE_KEY = /^evidence\/[0-9a-f]{32}\.(jpg|png|pdf)$/
/** A file answer to an organiser's question (docs/product.md#ticket-question-files): private, read through the tickets' routes. */
const ANSWER_FILE_KEY = /^answers\/[0-9a-f]{32}\.(jpg|png|pdf)$/

/** A new private document's key (random: its name tells nothing and never collides). */
export function documentKey(): string {
  return `documents/${randomBytes(16).toString('hex')}.pdf`
}

/** A new evidence file's key (random, like a document's). */
export function evidenceKey(extension: 'jpg' | 'png' | 'pdf'): string {
  return `evidence/${randomBytes(16).toString('hex')}.${extension}`
}

/** A new file answer's key (random, like evidence). */
export function answerFileKey(extension: 'jpg' | 'png' | 'pdf'): string {
  return `answers/${randomBytes(16).toString('hex')}.${extension}`
}

/** The storage key of a media path (`/media/...`), or null for anything that is not one we make. */
export function mediaKeyOf(path: string): string | null {
  const key = path.startsWith('/media/') ? path.slice('/media/'.length) : path
  return KEY.test(key) ? key : null
}

function checkedKey(key: string): string {
  if (!KEY.test(key) && !DOCUMENT_KEY.test(key) && !EVIDENCE_KEY.test(key) && !ANSWER_FILE_KEY.test(key))
    throw new Error(`not a media key: ${JSON.stringify(key)}`)
  return key
}

/** The type of a key, from its extension (keys are checked, so this is always one we know). */
function typeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

/** Files under `root`: written to a temporary name and renamed, so a reader on any instance sees the whole file or none. */
export function diskStorage(root: string): MediaStorage {
  const pathOf = (key: string) => join(root, checkedKey(key))
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body)
        else await copyFile(body.path, temporary)
        await rename(temporary, path)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async head(key) {
      const info = await stat(pathOf(key)).catch(() => null)
      return info?.isFile() ? { size: info.size, contentType: typeOf(key) } : null
    },
    async get(key, range) {
      const path = pathOf(key)
      // Opened once: the size and the bytes are of the same file even if it is replaced meanwhile.
      const handle = await open(path, 'r').catch(() => null)
      if (!handle) return null
      const info = await handle.stat()
      if (!info.isFile()) {
        await handle.close()
        return null
      }
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {})
      return { body, contentType: typeOf(key), size: info.size, ...(range ? { range } : {}) }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

export interface S3Settings {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region?: string | undefined
}

export class MediaStorageError extends Error {}

/**
 * An S3-compatible bucket (AWS, MinIO, Cloudflare R2, Backblaze B2...), path-style addresses
 * (`{endpoint}/{bucket}/{key}`), which all of them accept. Requests are signed with SigV4 by aws4fetch;
 * the payload is left unsigned (UNSIGNED-PAYLOAD) so a video streams without being read twice.
 */
export function s3Storage(settings: S3Settings, fetcher: typeof fetch = fetch): MediaStorage {
  // Retries are ours to decide: a streamed body cannot be sent twice.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region || 'us-east-1',
    retries: 0,
  })
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/`
  const urlOf = (key: string) => base + checkedKey(key)
  const call = async (key: string, init: RequestInit) => {
    const signed = await client.sign(urlOf(key), init)
    return fetcher(signed)
  }
  const failure = async (response: Response, what: string) => {
    const text = await response.text().catch(() => '')
    return new MediaStorageError(`S3 ${what} answered ${response.status}: ${text.slice(0, 300)}`)
  }
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const size = Buffer.isBuffer(body) ? body.length : body.bytes
      const payload = Buffer.isBuffer(body) ? body : (Readable.toWeb(createReadStream(body.path)) as ReadableStream<Uint8Array>)
      const response = await call(key, {
        method: 'PUT',
        body: payload as BodyInit,
        headers: { 'Content-Type': contentType, 'Content-Length': String(size), 'Cache-Control': 'public, max-age=31536000, immutable' },
        ...(Buffer.isBuffer(body) ? {} : { duplex: 'half' }),
      } as RequestInit)
      if (!response.ok) throw await failure(response, `PUT ${key}`)
      await response.body?.cancel()
    },
    async head(key) {
      const response = await call(key, { method: 'HEAD' })
      if (response.status === 404 || response.status === 403) return null
      if (!response.ok) throw await failure(response, `HEAD ${key}`)
      return { size: Number(response.headers.get('content-length') ?? 0), contentType: typeOf(key) }
    },
    async get(key, range) {
      const response = await call(key, { method: 'GET', headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {} })
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok || !response.body) throw await failure(response, `GET ${key}`)
      const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
      if (range && response.status === 206) {
        const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')
        return { body, contentType: typeOf(key), size: Number(total?.[1] ?? 0), range }
      }
      return { body, contentType: typeOf(key), size: Number(response.headers.get('content-length') ?? 0) }
    },
    async delete(key) {
      const response = await call(key, { method: 'DELETE' })
      // S3 answers 204 whether or not the object was there.
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`)
      await response.body?.cancel()
    },
  }
}
