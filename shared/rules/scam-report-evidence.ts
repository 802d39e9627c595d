/**
 * Evidence on a scam report (docs/product.md#scam-report-evidence): limits, messages, addresses. Apart
 * from scam-reports.ts, which the verification page loads too: only the report form needs these.
 */

export const EVIDENCE_LIMITS = {
  /** Files one report may carry. */
  files: 3,
  /** Each file, as uploaded. */
  mb: 8,
  /** A screenshot is kept at most this wide (a phone's screen is narrower). */
  width: 2000,
  /** A file uploaded for a form that was never sent is deleted after this many hours. */
  waitHours: 24,
} as const

export const EVIDENCE_MESSAGES = {
  type: 'scam:scamReport.errors.evidenceType',
  tooLarge: 'scam:scamReport.errors.evidenceTooLarge',
  tooMany: 'scam:scamReport.errors.evidenceTooMany',
  pixels: 'scam:scamReport.errors.evidencePixels',
  gone: 'scam:scamReport.errors.evidenceGone',
  busy: 'scam:scamReport.errors.evidenceBusy',
} as const

/** The form's file field (a post without JavaScript sends the files in it), and the kept files' checkboxes. */
export const EVIDENCE_FIELD = 'evidence'
export const KEEP_EVIDENCE_FIELD = 'keep'
/** POST: one file, answered with its token; the form with JavaScript sends files here first. */
export const EVIDENCE_UPLOAD_PATH = '/api/scam-reports/evidence'
/** GET ?id=: one evidence file for a verifier (the staff cookie's path). */
export const EVIDENCE_DOWNLOAD_PATH = '/gateway/console/scam-evidence'
/** What a file waiting for its report is named by: 16 random bytes, base64url. */
export const EVIDENCE_TOKEN = /^[A-Za-z0-9_-]{22}$/

export const EVIDENCE_KINDS = ['image', 'pdf'] as const
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number]
