import * as consoleContracts from '../../../shared/contracts/console-scam-reports.ts'
import * as contracts from '../../../shared/contracts/scam-reports.ts'
import type { StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import type { ScamReportService } from './scam-reports.service.ts'

/** The public form's functions and the verifier's queue on the console gateway (roles in console-access.ts). */
export function registerScamReportFunctions(platform: Platform, service: ScamReportService): void {
  const { registry } = platform
  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  registry.implement(contracts.reportScam, (payload, call) => service.submit(payload, { ip: call.ip, locale: call.locale, userId: call.userId }))
  registry.implement(contracts.scamReportDraft, (payload) => service.draft(payload.draft))
  registry.implement(consoleContracts.scamReportGroups, (payload) => service.groups(payload))
  registry.implement(consoleContracts.scamReportGroup, (payload) => service.group(payload.id))
  registry.implement(consoleContracts.setScamReportStatus, (payload, call) => service.setStatus(actor(call), payload.id, payload.status))
  registry.implement(consoleContracts.noteScamReportGroup, (payload, call) => service.note(actor(call), payload.id, payload.body))
  registry.implement(consoleContracts.mergeScamReportGroups, (payload, call) => service.merge(actor(call), payload.from, payload.into))
  registry.implement(consoleContracts.replyToScamReporter, (payload, call) => service.reply(actor(call), payload.reportId, payload.body))
}
