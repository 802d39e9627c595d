import { createHash } from 'node:crypto'
import busboy from 'busboy'
import type { Request, Response, Router } from 'express'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { VERIFY_DOCUMENT_PATH, VERIFY_FILE_FIELD, VERIFY_FILE_PATH } from '../../../shared/rules/verification.ts'
import type { DocumentVerdict } from '../../../shared/contracts/verification.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { VerificationService } from './verification.service.ts'

/** "%PDF-": every PDF starts with it (ISO 32000-2 §7.5.2); the name and declared type prove nothing. */
export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1')
/** Room for the multipart framing around the file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024
/** An upload that sends nothing for this long is dropped (a slow sender must not hold a slot). */
const IDLE_MS = 30_000
/** Uploads in progress at once in this process; more wait for a free slot (429, Retry-After). */
const MAX_ACTIVE = 200
/**
 * After refusing a body mid-way the server reads at most this much more, for at most LINGER_MS,
 * before closing the connection: enough for the client to receive the answer before the reset
 * (Apache's and nginx's "lingering close"), never the rest of a large body.
 */
const LINGER_BYTES = 256 * 1024
const LINGER_MS = 2_000
/**
 * Uploads are held in memory for the signature check (docs/product.md#document-signatures): this
 * many of the largest at once, over all uploads of the process; beyond, an upload waits (429,
 * Retry-After) instead of MAX_ACTIVE largest files filling the memory.
 */
const LARGEST_HELD_AT_ONCE = 16

/** A count of bytes held that refuses to go past its limit. */
function byteBudget(limit: number) {
  let held = 0
  return {
    take(bytes: number): boolean {
      if (held + bytes > limit) return false
      held += bytes
      return true
    },
    give(bytes: number): void {
      held -= bytes
    },
  }
}

interface Envelope {
  succeed: boolean
  ErrorCode: number
  data: unknown
  message?: string
  requestId: string
}

/** How one of the two addresses answers: the script's JSON envelope, or the page without JavaScript. */
export interface Answering {
  /** A refusal: its status, the translation key, the values it names, extra headers (Retry-After). */
  refusal(req: Request, res: Response, status: number, message: string, data: unknown, headers: Record<string, string>): void
  verdict(req: Request, res: Response, verdict: DocumentVerdict, fileName: string): Promise<void>
}

const envelope: Answering = {
  refusal(_req, res, status, message, data, headers) {
    const body: Envelope = { succeed: false, ErrorCode: status, data, message, requestId: res.locals.context.requestId }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    res.status(status).json(body)
  },
  async verdict(_req, res, verdict) {
    const body: Envelope = { succeed: true, ErrorCode: ERROR_CODES.ok, data: verdict, requestId: res.locals.context.requestId }
    res.status(ERROR_CODES.ok).json(body)
  },
}

/** Characters of the uploaded file's name repeated on the answer page (a name is the sender's text, not ours). */
const FILE_NAME_MAX = 200

/**
 * POST /api/verify/file: one PDF as multipart/form-data (field "file"), hashed with SHA-256 while it
 * streams through memory, never written anywhere and forgotten after the answer (docs/product.md#verification). The
 * answer is the gateway's envelope, with the same ErrorCodes (docs/product.md#error-codes: 413, 415, 429).
 * POST /api/verify/document is the same check for the page's form without JavaScript
 * (docs/product.md#verification-without-javascript): the answer is a page. Both share the rate limit,
 * the uploads in progress and the memory they may hold.
 */
export function mountFileVerification(router: Router, platform: Platform, service: VerificationService, page: Answering): void {
  const maxBytes = platform.config.UPLOAD_MAX_MB * 1024 * 1024
  let active = 0
  const memory = byteBudget(maxBytes * LARGEST_HELD_AT_ONCE)
  router.all(VERIFY_FILE_PATH, (req, res) => check(req, res, envelope))
  router.all(VERIFY_DOCUMENT_PATH, (req, res) => check(req, res, page))

  async function check(req: Request, res: Response, answering: Answering) {
    const requestId = res.locals.context.requestId
    res.setHeader('Cache-Control', 'no-store')
    let settled = false
    let idle: NodeJS.Timeout | undefined
    /** Answers at once and stops reading: the rest of a refused body is never read (see LINGER_*). */
    const refuse = (status: number, message: string, data: unknown = null, headers: Record<string, string> = {}) => {
      if (settled) return
      settled = true
      clearTimeout(idle)
      req.unpipe()
      if (!req.complete && !req.destroyed) {
        res.setHeader('Connection', 'close')
        res.once('finish', () => linger(req))
      }
      if (!res.headersSent && !res.destroyed) answering.refusal(req, res, status, message, data, headers)
    }

    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST')
      return refuse(ERROR_CODES.methodNotAllowed, 'errors.methodNotAllowed')
    }
    try {
      await service.consumeUpload(res.locals.context.ip)
    } catch (error) {
      if (error instanceof DomainError && error.errorCode === ERROR_CODES.rateLimited) {
        return refuse(ERROR_CODES.rateLimited, error.code, error.params, { 'Retry-After': String(error.params.seconds ?? 60) })
      }
      throw error
    }
    if (active >= MAX_ACTIVE) return refuse(ERROR_CODES.rateLimited, 'errors.rateLimited', { seconds: 5 }, { 'Retry-After': '5' })
    if (!req.is('multipart/form-data')) return refuse(ERROR_CODES.invalid, 'verify:errors.uploadFailed')
    const declared = Number(req.headers['content-length'])
    const tooLarge = () => refuse(ERROR_CODES.tooLarge, 'verify:errors.fileTooLarge', { maxMb: platform.config.UPLOAD_MAX_MB })
    // Known too large before a byte is read: refused without reading the body at all.
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) return tooLarge()

    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: maxBytes, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 },
      })
    } catch {
      return refuse(ERROR_CODES.invalid, 'verify:errors.uploadFailed')
    }

    active += 1
    let released = false
    let held = 0
    const release = () => {
      if (released) return
      released = true
      active -= 1
      memory.give(held)
      clearTimeout(idle)
    }
    res.once('close', release)
    const touch = () => {
      clearTimeout(idle)
      idle = setTimeout(() => refuse(408, 'verify:errors.uploadFailed'), IDLE_MS)
    }
    touch()

    let fileSeen = false
    let finished: { sha256: string; bytes: number; file: Buffer } | null = null
    let fileName = ''
    parser.on('file', (name, stream, info) => {
      if (name !== VERIFY_FILE_FIELD || fileSeen) {
        stream.resume()
        return
      }
      fileSeen = true
      // Browsers send a file's name as UTF-8 bytes (王小明.pdf), which busboy hands over read as Latin-1.
      fileName = [...Buffer.from(info.filename ?? '', 'latin1').toString('utf8')].slice(0, FILE_NAME_MAX).join('')
      const hash = createHash('sha256')
      // Kept in memory for the signature check (UPLOAD_MAX_MB at most), never written anywhere.
      const chunks: Buffer[] = []
      let bytes = 0
      let head = Buffer.alloc(0)
      stream.on('data', (chunk: Buffer) => {
        if (settled) return
        touch()
        bytes += chunk.length
        if (head.length < PDF_MAGIC.length) {
          head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length - head.length)])
          if (head.length === PDF_MAGIC.length && !head.equals(PDF_MAGIC)) return refuse(ERROR_CODES.unsupportedType, 'verify:errors.fileType')
        }
        if (!memory.take(chunk.length)) return refuse(ERROR_CODES.rateLimited, 'errors.rateLimited', { seconds: 5 }, { 'Retry-After': '5' })
        held += chunk.length
        hash.update(chunk)
        chunks.push(chunk)
      })
      stream.on('limit', tooLarge)
      stream.on('error', () => refuse(ERROR_CODES.invalid, 'verify:errors.uploadFailed'))
      stream.on('end', () => {
        if (settled) return
        if (bytes === 0) return refuse(ERROR_CODES.invalid, 'verify:errors.emptyFile')
        if (head.length < PDF_MAGIC.length) return refuse(ERROR_CODES.unsupportedType, 'verify:errors.fileType')
        finished = { sha256: hash.digest('hex'), bytes, file: Buffer.concat(chunks, bytes) }
      })
    })
    parser.on('error', () => refuse(ERROR_CODES.invalid, 'verify:errors.uploadFailed'))
    parser.on('close', async () => {
      if (settled) return
      clearTimeout(idle)
      if (!finished) return refuse(ERROR_CODES.invalid, fileSeen ? 'verify:errors.uploadFailed' : 'verify:errors.noFile')
      settled = true
      try {
        const verdict = await service.verifyDocument(finished.sha256, finished.bytes, finished.file)
        if (!res.destroyed) await answering.verdict(req, res, verdict, fileName)
      } catch (error) {
        if (error instanceof DomainError && error.errorCode === ERROR_CODES.invalid) {
          if (!res.headersSent && !res.destroyed) answering.refusal(req, res, error.errorCode, error.code, null, {})
          return
        }
        platform.logger.error({ err: error, requestId }, 'file verification failed')
        if (!res.headersSent && !res.destroyed) answering.refusal(req, res, ERROR_CODES.unexpected, 'verify:errors.uploadFailed', null, {})
      } finally {
        release()
      }
    })
    // A client that goes away mid-upload: stop, keep nothing.
    req.once('aborted', () => {
      settled = true
      release()
      req.unpipe()
    })
    req.pipe(parser)
  }
}

/** Reads (and drops) a little more of a refused body so the answer arrives, then closes the connection. */
function linger(req: Request): void {
  const socket = req.socket
  let discarded = 0
  const close = () => {
    clearTimeout(timer)
    socket.destroy()
  }
  const timer = setTimeout(close, LINGER_MS)
  timer.unref()
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > LINGER_BYTES) close()
  })
  req.once('end', close)
  req.once('error', close)
  req.resume()
}
