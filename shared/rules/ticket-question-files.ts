/**
 * File answers to the organiser's questions (docs/product.md#ticket-question-files): limits, messages,
 * addresses. Apart from ticket-questions.ts so the console's order screen takes only these.
 */

/**
 * A file question (docs/product.md#ticket-question-files): a PDF or a picture, judged by its content, at
 * most `mb` as uploaded; kept privately. The form uploads the file first and answers with the token it
 * is given; a token nobody's answer names is deleted after `waitHours`.
 */
export const ANSWER_FILE_LIMITS = {
  mb: 10,
  /** A picture is kept at most this wide (a scanned page or a photo of a document stays readable). */
  width: 2400,
  waitHours: 24,
} as const

/** The form's file field on the upload. */
export const ANSWER_FILE_FIELD = 'file'
/** POST (multipart, field `file`, signed in): one file, answered with its token. */
export const ANSWER_FILE_UPLOAD_PATH = '/api/tickets/answer-files'
/** GET: the file for the ticket's buyer or holder (or its uploader before it is an answer); a page path, so the login cookie counts. */
export const ANSWER_FILE_ROUTE = '/:lang/apply/answer-files/:token'
export const answerFilePath = (lang: string, token: string) => `/${lang}/apply/answer-files/${encodeURIComponent(token)}`
/** GET `<path>?token=`: the file for staff who may read the order (the staff cookie's path). */
export const CONSOLE_ANSWER_FILE_PATH = '/gateway/console/ticket-answer-file'
/** What a file answer holds: the token its upload answered (16 random bytes, base64url). */
export const ANSWER_FILE_TOKEN = /^[A-Za-z0-9_-]{22}$/
/** The types a file answer may be, by content (what the input offers; the platform decides by the bytes). */
export const ANSWER_FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp'

export const ANSWER_FILE_MESSAGES = {
  type: 'tickets:questions.errors.fileType',
  tooLarge: 'tickets:questions.errors.fileTooLarge',
  pixels: 'tickets:questions.errors.filePixels',
  gone: 'tickets:questions.errors.fileGone',
  busy: 'tickets:questions.errors.fileBusy',
} as const

/** A file answer as the forms and the order pages show it. */
export interface AnswerFileView {
  token: string
  name: string
  kind: 'image' | 'pdf'
  bytes: number
}
