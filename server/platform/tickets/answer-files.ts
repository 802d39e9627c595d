import { randomBytes } from 'node:crypto'
import type { Request } from 'express'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { MEDIA_LIMITS } from '../../../shared/rules/media.ts'
import type { TicketAnswers, TicketQuestionView } from '../../../shared/rules/ticket-questions.ts'
import { ANSWER_FILE_FIELD, ANSWER_FILE_LIMITS, ANSWER_FILE_MESSAGES, type AnswerFileView } from '../../../shared/rules/ticket-question-files.ts'
import type { Queryable } from '../../db/client.ts'
import { DomainError } from '../errors.ts'
import { answerFileKey, cleanName, isPdf, type MediaStorage, privatePicture, type ReadForm, readFileForm } from '../media/index.ts'
import type { Platform } from '../platform.ts'
import { createRenderLimiter, LimiterBusy } from '../render-limiter.ts'

/**
 * File answers to the organiser's questions (docs/product.md#ticket-question-files): a PDF or a JPEG,
 * PNG or WebP picture, judged by its content, kept privately in the media storage. The form uploads a
 * file first and is answered a token bound to the uploader's account; saving the answers attaches the
 * file to the ticket. A file no answer names is deleted by the sweep.
 */

export const ANSWER_FILE_MAX_BYTES = ANSWER_FILE_LIMITS.mb * 1024 * 1024
/** The picture formats taken (sharp's names): what the form says, not every one sharp decodes. */
const PICTURE_FORMATS = ['jpeg', 'png', 'webp'] as const

/** Re-encoding takes a core for a moment: one at a time, a few waiting, the rest told to retry. */
const limit = createRenderLimiter(1, 4)

const tooLarge = () => new DomainError(ANSWER_FILE_MESSAGES.tooLarge, ERROR_CODES.tooLarge, { maxMb: ANSWER_FILE_LIMITS.mb })
const notAccepted = () => new DomainError(ANSWER_FILE_MESSAGES.type, ERROR_CODES.unsupportedType)

interface CheckedFile {
  kind: 'image' | 'pdf'
  bytes: Buffer
  extension: 'jpg' | 'png' | 'pdf'
  contentType: string
}

/** The file as it will be kept, or the DomainError (413, 415, 429) that words why not. */
export async function checkAnswerFile(bytes: Buffer): Promise<CheckedFile> {
  if (bytes.length > ANSWER_FILE_MAX_BYTES) throw tooLarge()
  if (!bytes.length) throw notAccepted()
  if (isPdf(bytes)) return { kind: 'pdf', bytes, extension: 'pdf', contentType: 'application/pdf' }
  let picture: Awaited<ReturnType<typeof privatePicture>>
  try {
    picture = await limit(() => privatePicture(bytes, ANSWER_FILE_LIMITS.width, PICTURE_FORMATS))
  } catch (error) {
    if (error instanceof LimiterBusy) throw new DomainError(ANSWER_FILE_MESSAGES.busy, ERROR_CODES.rateLimited, { seconds: 5 })
    throw error
  }
  if (picture === 'notImage') throw notAccepted()
  if (picture === 'tooManyPixels') throw new DomainError(ANSWER_FILE_MESSAGES.pixels, ERROR_CODES.tooLarge, { megapixels: MEDIA_LIMITS.maxPixels / 1_000_000 })
  return { kind: 'image', bytes: picture.bytes, extension: picture.extension, contentType: picture.contentType }
}

/** The name shown to staff and in the export, its extension the one of what is kept (a PDF named .png is a PDF). */
export function answerFileName(given: string, extension: CheckedFile['extension']): string {
  const base = cleanName(given, 180).replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'file'
  return `${base}.${extension}`
}

/** The upload's body: one file in ANSWER_FILE_FIELD, at most ANSWER_FILE_MAX_BYTES. */
export const readAnswerFileForm = (req: Request): Promise<ReadForm> =>
  readFileForm(req, { field: ANSWER_FILE_FIELD, maxFiles: 1, maxBytes: ANSWER_FILE_MAX_BYTES, tooLarge, notAccepted, tooMany: notAccepted })

/** Checks and stores one uploaded file for the account; it waits for an answer under the token answered. */
export async function storeAnswerFile(platform: Platform, accountId: string, file: { bytes: Buffer; name: string }, now: Date): Promise<AnswerFileView> {
  const checked = await checkAnswerFile(file.bytes)
  const key = answerFileKey(checked.extension)
  const { storage } = platform.services.media
  // The file first, then the row: a row never names a file that is not there.
  await storage.put(key, checked.bytes, checked.contentType)
  const token = randomBytes(16).toString('base64url')
  const name = answerFileName(file.name, checked.extension)
  try {
    await platform.db.query(
      `insert into ticket_answer_files (token, account_id, storage_key, kind, name, bytes, created_at, loose_since)
       values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [token, accountId, key, checked.kind, name, checked.bytes.length, now],
    )
  } catch (error) {
    await storage.delete(key).catch(() => {})
    throw error
  }
  return { token, name, kind: checked.kind, bytes: checked.bytes.length }
}

/**
 * After an attendee's answers were written: the files they name become the ticket's, those it named
 * before and no longer does are loose (the sweep deletes them). A file is given only by the account
 * that uploaded it, or kept where it already is. Answers the ids of the questions whose file cannot be
 * given (someone else's, already another ticket's, or swept): the caller refuses the whole save.
 */
export async function attachAnswerFiles(
  tx: Queryable,
  caller: { accountId: string; attendeeId: string; now: Date },
  views: readonly TicketQuestionView[],
  answers: TicketAnswers,
): Promise<number[]> {
  const files = views.filter((view) => view.kind === 'file' && typeof answers[String(view.id)] === 'string')
  const tokens = files.map((view) => answers[String(view.id)] as string)
  await tx.query(`update ticket_answer_files set attendee_id = null, loose_since = $3 where attendee_id = $1 and not (token = any($2::text[]))`, [
    caller.attendeeId,
    tokens,
    caller.now,
  ])
  if (!tokens.length) return []
  const { rows } = await tx.query<{ token: string }>(
    `update ticket_answer_files set attendee_id = $1, loose_since = null
      where token = any($2::text[]) and (attendee_id = $1 or (attendee_id is null and account_id = $3)) returning token`,
    [caller.attendeeId, tokens, caller.accountId],
  )
  const given = new Set(rows.map((row) => row.token))
  return files.filter((view) => !given.has(answers[String(view.id)] as string)).map((view) => view.id)
}

/** The files these tokens name, by token (for the answers' views). */
export async function answerFilesOf(db: Queryable, tokens: readonly string[]): Promise<Map<string, AnswerFileView>> {
  if (!tokens.length) return new Map()
  const { rows } = await db.query<AnswerFileView>('select token, name, kind, bytes from ticket_answer_files where token = any($1::text[])', [tokens])
  return new Map(rows.map((row) => [row.token, row]))
}

export interface StoredAnswerFile extends AnswerFileView {
  id: string
  storage_key: string
  attendee_id: string | null
  order_number: string | null
  position: number | null
}

/**
 * The file for the account: its buyer's (until the ticket is handed to someone else,
 * docs/product.md#ticket-transfer) or its holder's (signed in with the ticket's verified address), or
 * its uploader's while it is no answer yet. Anyone else: null, as for a file that does not exist.
 */
export async function answerFileFor(db: Queryable, token: string, accountId: string): Promise<StoredAnswerFile | null> {
  const { rows } = await db.query<StoredAnswerFile>(
    `select f.id::text, f.token, f.name, f.kind, f.bytes, f.storage_key, f.attendee_id::text, o.number as order_number, a.position
       from ticket_answer_files f
       left join ticket_attendees a on a.id = f.attendee_id
       left join ticket_orders o on o.id = a.order_id
      where f.token = $1 and (
        (f.attendee_id is null and f.account_id = $2)
        or (o.account_id = $2 and a.transferred_at is null)
        or exists (select 1 from accounts c where c.id = $2 and c.email_verified_at is not null and lower(c.email) = lower(a.email)))`,
    [token, accountId],
  )
  return rows[0] ?? null
}

/** A file that is some ticket's answer (for staff, who may read every order). */
export async function attachedAnswerFile(db: Queryable, token: string): Promise<StoredAnswerFile | null> {
  const { rows } = await db.query<StoredAnswerFile>(
    `select f.id::text, f.token, f.name, f.kind, f.bytes, f.storage_key, f.attendee_id::text, o.number as order_number, a.position
       from ticket_answer_files f join ticket_attendees a on a.id = f.attendee_id join ticket_orders o on o.id = a.order_id
      where f.token = $1`,
    [token],
  )
  return rows[0] ?? null
}

/**
 * Erasure: the files of these tickets go, rows and stored files, inside the erasure's transaction
 * (storage that cannot delete them leaves the whole erasure undone, to be tried again).
 */
export async function deleteAnswerFilesOf(tx: Queryable, storage: MediaStorage, attendeeIds: readonly string[]): Promise<number> {
  if (!attendeeIds.length) return 0
  const { rows } = await tx.query<{ storage_key: string }>('delete from ticket_answer_files where attendee_id = any($1::uuid[]) returning storage_key', [
    attendeeIds,
  ])
  for (const row of rows) await storage.delete(row.storage_key)
  return rows.length
}

/** Erasure of whole orders: the files of every ticket on them. */
export async function deleteAnswerFilesOfOrders(tx: Queryable, storage: MediaStorage, orderIds: readonly string[]): Promise<number> {
  if (!orderIds.length) return 0
  const { rows } = await tx.query<{ id: string }>('select id::text from ticket_attendees where order_id = any($1::uuid[])', [orderIds])
  return deleteAnswerFilesOf(
    tx,
    storage,
    rows.map((row) => row.id),
  )
}

/**
 * The sweep: files no answer names, loose for longer than the waiting time (uploaded for a form never
 * saved, or replaced), and those whose ticket went (an unpaid order deleted), rows and files.
 */
export async function sweepLooseAnswerFiles(platform: Platform, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ANSWER_FILE_LIMITS.waitHours * 3_600_000)
  const { rows } = await platform.db.query<{ storage_key: string }>(
    'delete from ticket_answer_files where attendee_id is null and (loose_since is null or loose_since < $1) returning storage_key',
    [before],
  )
  for (const row of rows) await platform.services.media.storage.delete(row.storage_key)
  return rows.length
}
