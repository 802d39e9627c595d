import { randomBytes } from 'node:crypto'
import type { Request } from 'express'
import type { KeptEvidence } from '../../../shared/contracts/scam-reports.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { MEDIA_LIMITS } from '../../../shared/rules/media.ts'
import { EVIDENCE_LIMITS, EVIDENCE_MESSAGES, EVIDENCE_FIELD, type EvidenceKind } from '../../../shared/rules/scam-report-evidence.ts'
import type { Queryable } from '../../db/client.ts'
import { DomainError } from '../errors.ts'
import { cleanName, evidenceKey, isPdf, privatePicture, type ReadForm, readFileForm } from '../media/index.ts'
import type { Platform } from '../platform.ts'
import { createRenderLimiter, LimiterBusy } from '../render-limiter.ts'

/**
 * Evidence on a scam report (docs/product.md#scam-reports): a picture or a PDF, judged by its content
 * (the name and the declared type prove nothing), kept privately in the media storage. A file is
 * uploaded before its report exists and waits under a random token; sending the report attaches it.
 */

export const EVIDENCE_MAX_BYTES = EVIDENCE_LIMITS.mb * 1024 * 1024

/** Re-encoding takes a core for a moment: one at a time, a few waiting, the rest told to retry. */
const limit = createRenderLimiter(1, 4)

const tooLarge = () => new DomainError(EVIDENCE_MESSAGES.tooLarge, ERROR_CODES.tooLarge, { maxMb: EVIDENCE_LIMITS.mb })
const notAccepted = () => new DomainError(EVIDENCE_MESSAGES.type, ERROR_CODES.unsupportedType)

export interface CheckedEvidence {
  kind: EvidenceKind
  bytes: Buffer
  extension: 'jpg' | 'png' | 'pdf'
}

/** The file as it will be kept, or the DomainError (415, 413) that words why not. */
export async function checkEvidence(bytes: Buffer): Promise<CheckedEvidence> {
  if (bytes.length > EVIDENCE_MAX_BYTES) throw tooLarge()
  if (isPdf(bytes)) return { kind: 'pdf', bytes, extension: 'pdf' }
  let picture: Awaited<ReturnType<typeof privatePicture>>
  try {
    picture = await limit(() => privatePicture(bytes, EVIDENCE_LIMITS.width))
  } catch (error) {
    if (error instanceof LimiterBusy) throw new DomainError(EVIDENCE_MESSAGES.busy, ERROR_CODES.rateLimited, { seconds: 5 })
    throw error
  }
  if (picture === 'notImage') throw notAccepted()
  if (picture === 'tooManyPixels') throw new DomainError(EVIDENCE_MESSAGES.pixels, ERROR_CODES.tooLarge, { megapixels: MEDIA_LIMITS.maxPixels / 1_000_000 })
  return { kind: 'image', bytes: picture.bytes, extension: picture.extension }
}

/** The name shown to the verifier, its extension the one of what is kept (a PDF named .png is a PDF). */
export function evidenceName(given: string, checked: Pick<CheckedEvidence, 'extension'>): string {
  const base = cleanName(given, 180).replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'evidence'
  return `${base}.${checked.extension}`
}

/** Checks and stores one uploaded file; it waits for its report under the token answered. */
export async function storeEvidence(platform: Platform, file: { bytes: Buffer; name: string }): Promise<KeptEvidence> {
  const checked = await checkEvidence(file.bytes)
  const key = evidenceKey(checked.extension)
  const { storage } = platform.services.media
  const contentType = checked.kind === 'pdf' ? 'application/pdf' : checked.extension === 'png' ? 'image/png' : 'image/jpeg'
  // The file first, then the row: a row never names a file that is not there.
  await storage.put(key, checked.bytes, contentType)
  const token = randomBytes(16).toString('base64url')
  const name = evidenceName(file.name, checked)
  try {
    await platform.db.query('insert into scam_report_evidence (token, storage_key, kind, name, bytes, created_at) values ($1, $2, $3, $4, $5, $6)', [
      token,
      key,
      checked.kind,
      name,
      checked.bytes.length,
      new Date(),
    ])
  } catch (error) {
    await storage.delete(key).catch(() => {})
    throw error
  }
  return { token, name, kind: checked.kind, bytes: checked.bytes.length }
}

/** The files still waiting under these tokens, in the order given. */
export async function keptEvidence(db: Queryable, tokens: readonly string[]): Promise<KeptEvidence[]> {
  if (!tokens.length) return []
  const { rows } = await db.query<{ token: string; name: string; kind: EvidenceKind; bytes: number }>(
    'select token, name, kind, bytes from scam_report_evidence where token = any($1::text[]) and report_id is null',
    [tokens],
  )
  return tokens.flatMap((token) => rows.filter((row) => row.token === token))
}

/** Gives the waiting files to the report; false when one of them is no longer kept (the report is refused). */
export async function attachEvidence(tx: Queryable, reportId: string, tokens: readonly string[]): Promise<boolean> {
  if (!tokens.length) return true
  const { rowCount } = await tx.query('update scam_report_evidence set report_id = $1, token = null where token = any($2::text[]) and report_id is null', [
    reportId,
    tokens,
  ])
  return rowCount === tokens.length
}

/** Evidence of the reports `where` picks (SQL on scam_reports r, parameters from $1), deleted: their storage keys. */
export async function deleteEvidenceOfReports(tx: Queryable, where: string, params: unknown[]): Promise<string[]> {
  const { rows } = await tx.query<{ storage_key: string }>(
    `delete from scam_report_evidence e using scam_reports r where e.report_id = r.id and (${where}) returning e.storage_key`,
    params,
  )
  return rows.map((row) => row.storage_key)
}

/** Files uploaded for a form never sent, past their waiting time: rows and files go. */
export async function sweepWaitingEvidence(platform: Platform, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVIDENCE_LIMITS.waitHours * 3_600_000)
  const { rows } = await platform.db.query<{ storage_key: string }>(
    'delete from scam_report_evidence where report_id is null and created_at < $1 returning storage_key',
    [before],
  )
  await removeFiles(
    platform,
    rows.map((row) => row.storage_key),
  )
  return rows.length
}

export async function removeFiles(platform: Platform, keys: readonly string[]): Promise<void> {
  for (const key of keys) await platform.services.media.storage.delete(key)
}

/**
 * A multipart body with up to `maxFiles` files in EVIDENCE_FIELD, each at most EVIDENCE_MAX_BYTES;
 * rejects with the DomainError to answer.
 */
export const readEvidenceForm = (req: Request, maxFiles: number): Promise<ReadForm> =>
  readFileForm(req, {
    field: EVIDENCE_FIELD,
    maxFiles,
    maxBytes: EVIDENCE_MAX_BYTES,
    tooLarge,
    notAccepted,
    tooMany: () => new DomainError(EVIDENCE_MESSAGES.tooMany, ERROR_CODES.invalid, { max: maxFiles }),
  })
