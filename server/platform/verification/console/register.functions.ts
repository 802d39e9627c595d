import * as contracts from '../../../../shared/contracts/console-register.ts'
import * as alertContracts from '../../../../shared/contracts/console-alerts.ts'
import { saveScamAlert, scamAlertList, withdrawScamAlert } from '../alerts/alerts.ts'
import type { StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import {
  addRegisterDocument,
  channelViewOf,
  registerChannels,
  registerDocuments,
  registerLookups,
  retireRegisterChannel,
  retireRegisterDocument,
  saveRegisterChannel,
} from './register-console.ts'
import { approveSubmission, channelQueue, rejectSubmission } from '../submissions/submissions.ts'

/**
 * The register's console functions on POST /gateway/console (roles in console-access.ts). A document's
 * PDF is first hashed by the multipart route of document-upload.ts (a PDF does not fit a JSON call).
 */
export function registerConsoleRegisterFunctions(platform: Platform): void {
  const { registry, db } = platform
  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  registry.implement(contracts.registerChannels, (payload, call) => registerChannels(platform, actor(call), payload))
  registry.implement(contracts.saveRegisterChannel, (payload, call) => saveRegisterChannel(db, platform, actor(call), payload))
  registry.implement(contracts.retireRegisterChannel, (payload, call) => retireRegisterChannel(db, platform, actor(call), payload.id, payload.on))
  registry.implement(contracts.registerDocuments, (payload) => registerDocuments(db, payload))
  registry.implement(contracts.addRegisterDocument, (payload, call) => addRegisterDocument(db, platform, actor(call), payload))
  registry.implement(contracts.retireRegisterDocument, (payload, call) => retireRegisterDocument(db, platform, actor(call), payload.id, payload.on))
  registry.implement(contracts.registerLookups, (payload) => registerLookups(db, payload))
  registry.implement(contracts.channelSubmissions, (payload, call) => channelQueue(platform, actor(call), payload))
  registry.implement(contracts.approveChannelSubmission, async (payload, call) => {
    const done = await approveSubmission(platform, actor(call), payload)
    return { id: done.id, channel: await channelViewOf(platform, actor(call), done.channel) }
  })
  registry.implement(contracts.rejectChannelSubmission, (payload, call) => rejectSubmission(platform, actor(call), payload))
  registry.implement(alertContracts.scamAlertList, (payload, call) => scamAlertList(platform, actor(call), payload))
  registry.implement(alertContracts.saveScamAlert, (payload, call) => saveScamAlert(db, platform, actor(call), payload))
  registry.implement(alertContracts.withdrawScamAlert, (payload, call) => withdrawScamAlert(db, platform, actor(call), payload.id))
}
