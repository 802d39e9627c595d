import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { defineContract } from './define.ts'

/** The organiser's side of leads (docs/product.md#leads): the switch per exhibition and counts, never who. */
const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')

const captureView = z.object({
  exhibitionId: z.number().int(),
  enabled: z.boolean(),
  exhibitors: z.array(z.object({ exhibitorId: z.number().int(), name: z.string(), leads: z.number().int(), scans: z.number().int() })),
})

export const leadCapture = defineContract({ ...CONSOLE.leadCapture, payload: z.object({ exhibitionId: id }), result: captureView })

export const setLeadCapture = defineContract({
  ...CONSOLE.setLeadCapture,
  payload: z.object({ exhibitionId: id, enabled: z.boolean({ error: 'errors.invalid' }) }),
  result: captureView,
})
