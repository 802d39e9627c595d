import * as contracts from '../../../shared/contracts/console-messages.ts'
import * as reminders from '../../../shared/contracts/console-reminders.ts'
import type { StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import { cancelMessage, messageList, previewMessage, sendMessage } from './messages.console.ts'
import { reminderSettings, saveReminders } from './reminders.console.ts'

/** The console's functions of messages and reminders (roles in console-access.ts). */
export function registerMessageFunctions(platform: Platform): void {
  const { registry, db } = platform
  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  registry.implement(contracts.messageList, (payload, call) => messageList(db, actor(call), payload.exhibitionId, payload.id))
  registry.implement(contracts.previewMessage, (payload, call) => previewMessage(platform, actor(call), (call.staff as StaffCaller).language, payload))
  registry.implement(contracts.sendMessage, (payload, call) => sendMessage(platform, actor(call), payload))
  registry.implement(contracts.cancelMessage, (payload, call) => cancelMessage(platform, actor(call), payload.exhibitionId, payload.id))
  registry.implement(reminders.reminderSettings, (payload, call) => reminderSettings(db, actor(call), payload.exhibitionId))
  registry.implement(reminders.saveReminders, (payload, call) => saveReminders(platform, actor(call), payload))
}
