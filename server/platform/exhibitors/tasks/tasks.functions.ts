import * as consoleContracts from '../../../../shared/contracts/console-exhibitor-tasks.ts'
import { confirmExhibitorTask, exhibitorChecklist, orderExhibitorForm } from '../../../../shared/contracts/exhibitor-tasks.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { orderForm, registerFormService } from './forms.ts'
import { REMINDER_EVERY_MS, REMINDER_JOB, sendTaskReminders } from './tasks.reminders.ts'
import { checklist, confirmTask, deleteTask, reorderTasks, saveTask, taskBoard, taskStates } from './tasks.service.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)
/** `user` functions: the gateway has checked the session, so userId is set. */
const user = (context: { userId: string | null }) => context.userId as string

/** The exhibitors' tasks and deadlines (docs/product.md#exhibitor-tasks): console, exhibitor area, reminders. */
export function registerTaskFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(consoleContracts.exhibitorTaskBoard, (payload, call) => taskBoard(db, actor(call), payload.exhibitionId))
  registry.implement(consoleContracts.saveExhibitorTask, (payload, call) => saveTask(platform, actor(call), payload))
  registry.implement(consoleContracts.reorderExhibitorTasks, (payload, call) => reorderTasks(platform, actor(call), payload))
  registry.implement(consoleContracts.deleteExhibitorTask, (payload, call) => deleteTask(platform, actor(call), payload))
  registry.implement(consoleContracts.exhibitorTaskStates, (payload, call) => taskStates(db, actor(call), payload.exhibitorId))
  registry.implement(exhibitorChecklist, (payload, context) => checklist(db, user(context), payload.exhibitorId, context.locale))
  registry.implement(confirmExhibitorTask, (payload, context) => confirmTask(db, user(context), payload, context.locale))
  registry.implement(orderExhibitorForm, (payload, context) => orderForm(platform, user(context), context.locale, payload))
  registerFormService(platform)
  platform.jobs.every(REMINDER_JOB, REMINDER_EVERY_MS, () => sendTaskReminders(platform))
}
