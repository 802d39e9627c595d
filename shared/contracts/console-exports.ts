import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { CONSOLE_LANGUAGES } from '../rules/console-access.ts'
import { EXPORT_FORMATS, EXPORT_KINDS } from '../rules/console-exports.ts'
import { defineContract } from './define.ts'

/**
 * Exports of one exhibition's orders or attendees (docs/product.md#console-exports). The file travels base64 in
 * the envelope, so the console's role check, exhibition limits and CSRF check cover it like any call.
 */
export const exportFile = defineContract({
  ...CONSOLE.exportFile,
  payload: z.object({
    exhibitionId: z.coerce.number({ error: 'errors.invalid' }).int().positive('errors.invalid'),
    kind: z.enum(EXPORT_KINDS, { error: 'errors.invalid' }),
    format: z.enum(EXPORT_FORMATS, { error: 'errors.invalid' }),
    /** The member's console language, for the column headers. */
    language: z.enum(CONSOLE_LANGUAGES, { error: 'errors.invalid' }).default('en'),
  }),
  result: z.object({ fileName: z.string(), mediaType: z.string(), rows: z.number().int(), base64: z.string() }),
})
