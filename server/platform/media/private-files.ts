import busboy from 'busboy'
import type { Request } from 'express'

/**
 * What the private uploads share (scam-report evidence, docs/product.md#scam-report-evidence; file
 * answers, docs/product.md#ticket-question-files): a PDF told by its content, and a multipart body
 * read with each file's size bounded before it is held.
 */

/**
 * A PDF as every one is written: "%PDF-" and a version at the very start (ISO 32000-2 §7.5.2; a reader that
 * looks further in would open a picture with a PDF inside it), and the end-of-file marker near the end.
 */
export function isPdf(bytes: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(bytes.toString('latin1', 0, 8))) return false
  return bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF', 0, 'latin1')
}

export interface ReadForm {
  fields: Record<string, string[]>
  files: Array<{ bytes: Buffer; name: string }>
}

export interface FileFormRules<E> {
  /** The one field whose files are read; files in any other field are skipped. */
  field: string
  maxFiles: number
  maxBytes: number
  /** The refusals, in the caller's own words. */
  tooLarge(): E
  notAccepted(): E
  tooMany(): E
}

/** Room for the multipart framing and the form's text fields around the files. */
const MULTIPART_OVERHEAD = 96 * 1024

/**
 * A multipart body with up to `maxFiles` files in `field`, each at most `maxBytes`, and short text
 * fields. An empty file input (a browser sends one part with no name and no bytes) is no file.
 * Rejects with the caller's refusal; a body that says it is too large is refused before it is read.
 */
export function readFileForm<E>(req: Request, rules: FileFormRules<E>): Promise<ReadForm> {
  const { field, maxFiles, maxBytes } = rules
  return new Promise((resolve, reject) => {
    const most = maxFiles * maxBytes + MULTIPART_OVERHEAD
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > most) return reject(rules.tooLarge())
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: maxFiles + 1, fileSize: maxBytes, fields: 40, fieldSize: 8 * 1024, parts: 60 },
      })
    } catch {
      return reject(rules.notAccepted())
    }
    let settled = false
    const fail = (error: E) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      req.resume()
      reject(error)
    }
    // A body sent without a length (chunked) is counted as it comes: past the most a right form can be, it is cut off.
    let received = 0
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > most) {
        fail(rules.tooLarge())
        req.destroy()
      }
    })
    const form: ReadForm = { fields: {}, files: [] }
    parser.on('field', (name, value) => {
      const list = form.fields[name] ?? []
      list.push(value)
      form.fields[name] = list
    })
    parser.on('file', (name, stream, info) => {
      if (name !== field) return stream.resume()
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => fail(rules.tooLarge()))
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks)
        if (!bytes.length && !info.filename) return
        if (form.files.length >= maxFiles) return fail(rules.tooMany())
        form.files.push({ bytes, name: info.filename ?? '' })
      })
    })
    parser.on('filesLimit', () => fail(rules.tooMany()))
    parser.on('error', () => fail(rules.notAccepted()))
    parser.on('close', () => {
      if (settled) return
      settled = true
      resolve(form)
    })
    req.pipe(parser)
  })
}

/** RFC 6266: an ASCII name for old clients, the reporter's name (any script) encoded for the others. */
export function fileDisposition(kind: 'inline' | 'attachment', name: string): string {
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot) : ''
  const ascii = `${
    name
      .slice(0, dot > 0 ? dot : undefined)
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 100) || 'file'
  }${extension}`
  const full = name.replace(/[\p{Cc}\\/"]+/gu, '-')
  const encoded = encodeURIComponent(full).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
