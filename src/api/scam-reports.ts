import { fn } from '../../shared/functions/gateway.ts'
import { SCAM_REPORTS } from '../../shared/functions/scam-reports.ts'
import type * as contracts from '../../shared/contracts/scam-reports.ts'
export type { KeptEvidence, ScamReportForm } from '../../shared/contracts/scam-reports.ts'
/** Browser-safe references to the public scam report functions (no zod in the page bundle). */
export const reportScam = fn<typeof contracts.reportScam>(SCAM_REPORTS.reportScam)
export const scamReportDraft = fn<typeof contracts.scamReportDraft>(SCAM_REPORTS.scamReportDraft)
