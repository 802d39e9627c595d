/** The multipart PDF check (not a gateway function): the upload page posts here, the platform's route listens here. */
export const VERIFY_FILE_PATH = '/api/verify/file'
export const VERIFY_FILE_FIELD = 'file'

export const CHANNEL_KINDS = ['phone', 'email', 'usdtTrc20', 'usdtErc20', 'telegram', 'whatsapp', 'wechat', 'line', 'x'] as const
export type ChannelKind = (typeof CHANNEL_KINDS)[number]

/** What a channel is used for; the texts are translations (verify:purpose.*). */
export const CHANNEL_PURPOSES = ['general', 'tickets', 'exhibitors', 'media', 'partnerships', 'payments', 'quality', 'community', 'support'] as const
export type ChannelPurpose = (typeof CHANNEL_PURPOSES)[number]

/** To whom a registered document may be shown (verify:shownTo.*). */
export const DOCUMENT_AUDIENCES = ['anyone', 'recipient', 'parties'] as const
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number]
