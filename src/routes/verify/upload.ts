import type { DocumentVerdict } from '../../api/verification.ts'
import { VERIFY_FILE_FIELD, VERIFY_FILE_PATH } from '../../../shared/rules/verification.ts'

export type UploadOutcome = { ok: true; verdict: DocumentVerdict } | { ok: false; code: string; params: Record<string, unknown> }

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

/** The checks the platform makes too, done first so that a wrong file never travels (docs/product.md#verification-input messages). */
export async function precheck(file: File, maxMb: number): Promise<UploadOutcome | null> {
  if (file.size === 0) return { ok: false, code: 'verify:errors.emptyFile', params: {} }
  if (file.size > maxMb * 1024 * 1024) return { ok: false, code: 'verify:errors.fileTooLarge', params: { maxMb } }
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer())
  if (head.length < PDF_MAGIC.length || PDF_MAGIC.some((byte, index) => head[index] !== byte)) return { ok: false, code: 'verify:errors.fileType', params: {} }
  return null
}

/** Sends the PDF as multipart/form-data and reports the share sent (0..1). */
export async function uploadPdf(file: File, options: { base: string; onProgress(share: number): void; signal: AbortSignal }): Promise<UploadOutcome> {
  const form = new FormData()
  form.append(VERIFY_FILE_FIELD, file, file.name)
  try {
    // axios comes with the first upload, not with the page (docs/product.md#performance).
    const { default: axios } = await import('axios')
    const response = await axios.post(`${options.base}${VERIFY_FILE_PATH}`, form, {
      signal: options.signal,
      timeout: 120_000,
      validateStatus: () => true,
      onUploadProgress: (event) => options.onProgress(event.total ? event.loaded / event.total : 0),
    })
    const body = response.data as { succeed?: boolean; ErrorCode?: number; data?: unknown; message?: string } | undefined
    if (body?.succeed && body.ErrorCode === 200) return { ok: true, verdict: body.data as DocumentVerdict }
    const params = body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {}
    return { ok: false, code: body?.message || 'verify:errors.uploadFailed', params }
  } catch {
    return { ok: false, code: 'verify:errors.uploadFailed', params: {} }
  }
}
