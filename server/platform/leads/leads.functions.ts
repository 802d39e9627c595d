import * as consoleContracts from '../../../shared/contracts/console-leads.ts'
import {
  exportLeads,
  leadList,
  moveLeadQuestion,
  qualifyLead,
  removeLeadQuestion,
  saveLeadQuestion,
  scanLead,
  syncLeads,
} from '../../../shared/contracts/leads.ts'
import type { CallContext, StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import { leadCapture, setLeadCapture } from './console-leads.ts'
import type { LeadsService } from './leads.service.ts'

/** `user` functions: the gateway has checked the session, so userId is set. */
const user = (context: { userId: string | null }) => context.userId as string
/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** Registrations of the `lead$*` functions and the organiser's two (thin: parse, call one verb). */
export function registerLeadFunctions(platform: Platform, service: LeadsService): void {
  const { registry, db } = platform
  registry.implement(scanLead, (payload, context) => service.scan(user(context), payload, context.locale))
  registry.implement(leadList, (payload, context) => service.list(user(context), payload, context.locale))
  registry.implement(qualifyLead, (payload, context) => service.qualify(user(context), payload, context.locale))
  registry.implement(syncLeads, (payload, context) => service.sync(user(context), payload, context.locale))
  registry.implement(exportLeads, (payload, context) => service.export(user(context), payload, context.locale))
  registry.implement(saveLeadQuestion, (payload, context) => service.saveQuestion(user(context), payload, context.locale))
  registry.implement(removeLeadQuestion, (payload, context) => service.removeQuestion(user(context), payload, context.locale))
  registry.implement(moveLeadQuestion, (payload, context) => service.moveQuestion(user(context), payload, context.locale))
  registry.implement(consoleContracts.leadCapture, (payload, call) => leadCapture(db, actor(call), payload.exhibitionId))
  registry.implement(consoleContracts.setLeadCapture, (payload, call) => setLeadCapture(platform, actor(call), payload))
}
