/** Limits of the console's verification register (docs/product.md#console-register), shared by its screen and its contracts. Zod-free. */
export const REGISTER_LIMITS = {
  pageSizeMax: 100,
  pageSizeDefault: 25,
  search: 200,
  value: 300,
  note: 500,
  title: 300,
  reference: 100,
  /** The most looked-up unknown values shown, and since how many days. */
  topLookups: 25,
  lookupDays: 30,
} as const

/** Which channels a list shows: the ones in use, the retired ones, or both. */
export const CHANNEL_STATES = ['all', 'current', 'retired'] as const
export type ChannelState = (typeof CHANNEL_STATES)[number]

/** The console's multipart PDF route (not a gateway function: a PDF is larger than a JSON call may be). */
export const REGISTER_DOCUMENT_PATH = '/gateway/console/register-document'
