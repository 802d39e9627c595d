import axios from 'axios'
import type { KeptEvidence } from '../../api/scam-reports.ts'
import { EVIDENCE_FIELD, EVIDENCE_UPLOAD_PATH, SCAM_REPORT_LIMITS, SCAM_REPORT_MESSAGES } from '../../../shared/rules/scam-reports.ts'

export type EvidenceOutcome = { ok: true; kept: KeptEvidence } | { ok: false; code: string; params: Record<string, unknown> }

/**
 * Sends one evidence file ahead of the report (docs/product.md#scam-reports); the platform judges it by
 * its content. Only the size is checked here first, so a file too large never travels.
 */
export async function uploadEvidence(file: File, base: string): Promise<EvidenceOutcome> {
  if (file.size > SCAM_REPORT_LIMITS.evidenceMb * 1024 * 1024) {
    return { ok: false, code: SCAM_REPORT_MESSAGES.evidenceTooLarge, params: { maxMb: SCAM_REPORT_LIMITS.evidenceMb } }
  }
  const form = new FormData()
  form.append(EVIDENCE_FIELD, file, file.name)
  try {
    const response = await axios.post(`${base}${EVIDENCE_UPLOAD_PATH}`, form, { timeout: 120_000, validateStatus: () => true })
    const body = response.data as { succeed?: boolean; data?: unknown; message?: string } | undefined
    if (body?.succeed) return { ok: true, kept: body.data as KeptEvidence }
    const params = body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {}
    return { ok: false, code: body?.message || 'errors.unexpected', params }
  } catch {
    return { ok: false, code: 'errors.unexpected', params: {} }
  }
}
