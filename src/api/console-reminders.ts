import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as reminders from '../../shared/contracts/console-reminders.ts'

export type { ReminderRow, ReminderSettings } from '../../shared/contracts/console-reminders.ts'
/** Reminders before the exhibition in the console (docs/product.md#reminders-before-the-exhibition): browser references. */
export const reminderSettings = fn<typeof reminders.reminderSettings>(CONSOLE.reminderSettings)
export const saveReminders = fn<typeof reminders.saveReminders>(CONSOLE.saveReminders)
