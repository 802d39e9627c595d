import type { FunctionTable } from './gateway.ts'

/** The public scam report form's functions (docs/product.md#scam-reports). */
export const SCAM_REPORTS = {
  reportScam: { endpoint: 'expo', route: 'expo$reportScam', access: 'visitor' },
  /** What a form sent without JavaScript was refused with, and its values, for the page to show again. */
  scamReportDraft: { endpoint: 'expo', route: 'expo$scamReportDraft', access: 'visitor' },
} as const satisfies FunctionTable
