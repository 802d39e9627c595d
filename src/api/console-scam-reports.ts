import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as contracts from '../../shared/contracts/console-scam-reports.ts'
export type { ScamReportGroupDetail, ScamReportGroupRow } from '../../shared/contracts/console-scam-reports.ts'
/** The verifier's scam report queue (docs/product.md#scam-reports). */
export const scamReportGroups = fn<typeof contracts.scamReportGroups>(CONSOLE.scamReportGroups)
export const scamReportGroup = fn<typeof contracts.scamReportGroup>(CONSOLE.scamReportGroup)
export const setScamReportStatus = fn<typeof contracts.setScamReportStatus>(CONSOLE.setScamReportStatus)
export const noteScamReportGroup = fn<typeof contracts.noteScamReportGroup>(CONSOLE.noteScamReportGroup)
export const mergeScamReportGroups = fn<typeof contracts.mergeScamReportGroups>(CONSOLE.mergeScamReportGroups)
export const replyToScamReporter = fn<typeof contracts.replyToScamReporter>(CONSOLE.replyToScamReporter)
