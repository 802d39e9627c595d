import type { z } from 'zod'
import { CONSOLE } from '../../shared/functions/console.ts'
import { fn } from '../../shared/functions/gateway.ts'
import type * as leads from '../../shared/contracts/console-leads.ts'

/** The organiser's side of leads in the console (docs/product.md#leads): browser references, beside src/api/console.ts. */
export const leadCapture = fn<typeof leads.leadCapture>(CONSOLE.leadCapture)
export const setLeadCapture = fn<typeof leads.setLeadCapture>(CONSOLE.setLeadCapture)

export type LeadCaptureView = z.output<typeof leads.leadCapture.result>
