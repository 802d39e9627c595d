import { createHash } from 'node:crypto'
import busboy from 'busboy'
import type { Request, Response, Router } from 'express'
import { ERROR_CODES } from '../../../../shared/contracts/define.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { REGISTER_DOCUMENT_PATH } from '../../../../shared/rules/console-register.ts'
import { fromConsolePage, parseCookies } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { PDF_MAGIC } from '../upload.ts'
import { uploadAnswer } from '../../kit/upload-answer.ts'

/**
 * POST /gateway/console/register-document: one PDF as multipart/form-data (field "file") from the
 * console, hashed as it streams through memory and never stored, as the visitors' check does
 * (upload.ts). It answers the fingerprint; console$addRegisterDocument then registers it with its
 * details (and audits it). The console gateway's checks apply: its header and Origin, a live staff
 * session, the role of console$addRegisterDocument.
 */
export function mountRegisterDocumentUpload(router: Router, platform: Platform): void {
  const maxBytes = platform.config.UPLOAD_MAX_MB * 1024 * 1024
  const tooLarge = { maxMb: platform.config.UPLOAD_MAX_MB }

  router.post(REGISTER_DOCUMENT_PATH, async (req: Request, res: Response) => {
    const answer = uploadAnswer(req, res)
    const { requestId, send } = answer

    const headers = req.headers as Record<string, string | undefined>
    const request = { method: 'POST', path: req.path, headers, query: {}, body: null, ip: res.locals.context.ip as string, requestId }
    if (!fromConsolePage(request, new URL(platform.config.PUBLIC_ORIGIN).origin)) return send(ERROR_CODES.forbidden, null, 'errors.consoleRequest')
    const staff = await platform.staffGate?.resolve(parseCookies(headers.cookie))
    if (!staff) return send(ERROR_CODES.token, null, 'errors.staffLoginRequired')
    if (!mayCall(staff.roles, 'addRegisterDocument')) return send(ERROR_CODES.forbidden, null, 'errors.forbidden')
    if (!req.is('multipart/form-data')) return send(ERROR_CODES.invalid, null, 'console:errors.registerUpload')
    if (Number(headers['content-length']) > maxBytes + 64 * 1024) return send(ERROR_CODES.tooLarge, tooLarge, 'console:errors.registerFileTooLarge')

    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 2 } })
    } catch {
      return send(ERROR_CODES.invalid, null, 'console:errors.registerUpload')
    }
    let fingerprint: { sha256: string; bytes: number } | null = null
    parser.on('file', (name, stream) => {
      if (name !== 'file' || fingerprint) return stream.resume()
      const hash = createHash('sha256')
      let head = Buffer.alloc(0)
      let bytes = 0
      stream.on('data', (chunk: Buffer) => {
        if (answer.answered) return
        bytes += chunk.length
        if (head.length < PDF_MAGIC.length) {
          head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length - head.length)])
          // Refused by its content: the name and the declared type prove nothing.
          if (head.length === PDF_MAGIC.length && !head.equals(PDF_MAGIC)) return send(ERROR_CODES.unsupportedType, null, 'console:errors.registerNotPdf')
        }
        hash.update(chunk)
      })
      stream.on('limit', () => send(ERROR_CODES.tooLarge, tooLarge, 'console:errors.registerFileTooLarge'))
      stream.on('end', () => {
        if (answer.answered) return
        if (bytes === 0) return send(ERROR_CODES.invalid, null, 'console:errors.registerNoFile')
        if (head.length < PDF_MAGIC.length) return send(ERROR_CODES.unsupportedType, null, 'console:errors.registerNotPdf')
        fingerprint = { sha256: hash.digest('hex'), bytes }
      })
    })
    parser.on('error', () => send(ERROR_CODES.invalid, null, 'console:errors.registerUpload'))
    parser.on('close', () => {
      if (fingerprint) send(ERROR_CODES.ok, fingerprint)
      else send(ERROR_CODES.invalid, null, 'console:errors.registerNoFile')
    })
    req.pipe(parser)
  })
}
