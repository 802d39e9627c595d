/** The multipart PDF check (not a gateway function): the upload page posts here, the platform's route listens here. */
export const VERIFY_FILE_PATH = '/api/verify/file'
export const VERIFY_FILE_FIELD = 'file'
/** The same check for the page's form without JavaScript: the answer is a page (docs/product.md#verification-without-javascript). */
export const VERIFY_DOCUMENT_PATH = '/api/verify/document'
/** Where the page's form posts without JavaScript: the page's language travels in the address, for the answer and its refusals. */
export const verifyDocumentAction = (lang: string) => `${VERIFY_DOCUMENT_PATH}?lang=${encodeURIComponent(lang)}`
/** The public JSON check for other sites and partners' tools (docs/product.md#verification-api). */
export const VERIFY_API_PATH = '/api/verify'

export const CHANNEL_KINDS = [
  'phone',
  'email',
  'usdtTrc20',
  'usdtErc20',
  'telegram',
  'whatsapp',
  'wechat',
  'line',
  'x',
  'instagram',
  'facebook',
  'youtube',
  'tiktok',
  // docs/product.md#verification-web: a web site's registrable domain, an app in a store, bank accounts (IBAN, local).
  'domain',
  'app',
  'iban',
  'bankAccount',
] as const
export type ChannelKind = (typeof CHANNEL_KINDS)[number]

/** What a channel is used for; the texts are translations (verify:purpose.*). */
export const CHANNEL_PURPOSES = ['general', 'tickets', 'exhibitors', 'media', 'partnerships', 'payments', 'quality', 'community', 'support'] as const
export type ChannelPurpose = (typeof CHANNEL_PURPOSES)[number]

/** To whom a registered document may be shown (verify:shownTo.*). */
export const DOCUMENT_AUDIENCES = ['anyone', 'recipient', 'parties'] as const
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number]

/**
 * Channels an exhibitor submits for the verifier to approve (docs/product.md#exhibitor-channel-submissions):
 * where each stands in the verifier's queue.
 */
export const SUBMISSION_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type SubmissionState = (typeof SUBMISSION_STATES)[number]

/** What the exhibitor's team reads of a submission: waiting, verified until a day, lapsed (or retired), or rejected. */
export const SUBMISSION_VIEWS = ['pending', 'verified', 'lapsed', 'rejected'] as const
export type SubmissionView = (typeof SUBMISSION_VIEWS)[number]

export const SUBMISSION_LIMITS = {
  /** Submissions one company may have waiting for the verifier at once. */
  pendingPerCompany: 20,
  /** Characters of a value as typed, of the member's note and of the verifier's reason. */
  value: 300,
  note: 500,
  reason: 500,
  /** An approval's default validity: the end of the exhibition it was submitted for, plus this many years. */
  validityYears: 1,
} as const

/**
 * Public scam alerts (docs/product.md#scam-alerts): channels the verifier confirmed as scams, listed at
 * /{lang}/verify/alerts.html, in its RSS feed and at ALERTS_API_PATH, and answered by the public check.
 */
export const ALERTS_API_PATH = '/api/verify/alerts'
export const ALERT_LIMITS = {
  /** Alerts on one public page, in the feed and in one JSON answer. */
  pageSize: 20,
  /** Characters of the search box and of a summary in one language. */
  search: 200,
  summary: 500,
  value: 300,
} as const
/** Which alerts a console list shows: the live ones, the withdrawn ones, or both. */
export const ALERT_STATES = ['all', 'live', 'withdrawn'] as const
export type AlertState = (typeof ALERT_STATES)[number]
