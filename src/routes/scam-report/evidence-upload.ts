import type { KeptEvidence } from '../../api/scam-reports.ts'
import { EVIDENCE_LIMITS, EVIDENCE_MESSAGES, EVIDENCE_FIELD, EVIDENCE_UPLOAD_PATH } from '../../../shared/rules/scam-report-evidence.ts'

export type EvidenceOutcome = { ok: true; kept: KeptEvidence } | { ok: false; code: string; params: Record<string, unknown> }

/**
 * Sends one evidence file ahead of the report (docs/product.md#scam-reports); the platform judges it by
 * its content. Only the size is checked here first, so a file too large never travels.
 */
export async function uploadEvidence(file: File, base: string): Promise<EvidenceOutcome> {
  if (file.size > EVIDENCE_LIMITS.mb * 1024 * 1024) {
    return { ok: false, code: EVIDENCE_MESSAGES.tooLarge, params: { maxMb: EVIDENCE_LIMITS.mb } }
  }
  const form = new FormData()
  form.append(EVIDENCE_FIELD, file, file.name)
  try {
    // axios comes with the first upload, not with the page (docs/product.md#performance).
    const { default: axios } = await import('axios')
    const response = await axios.post(`${base}${EVIDENCE_UPLOAD_PATH}`, form, { timeout: 120_000, validateStatus: () => true })
    const body = response.data as { succeed?: boolean; data?: unknown; message?: string } | undefined
    if (body?.succeed) return { ok: true, kept: body.data as KeptEvidence }
    const params = body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {}
    return { ok: false, code: body?.message || 'errors.unexpected', params }
  } catch {
    return { ok: false, code: 'errors.unexpected', params: {} }
  }
}
