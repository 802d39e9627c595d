import { contentFallbackChain, LOCALES, type Locale } from '../../../../shared/languages.ts'
import { dayString, localDate } from '../../../../shared/zoned-time.ts'
import { reminderDue } from '../../../../shared/rules/exhibitor-tasks.ts'
import { queueMail } from '../../mailer.ts'
import type { Platform } from '../../platform.ts'
import * as exhibitors from '../exhibitors.repo.ts'
import { reminderMail } from './tasks.mail.ts'
import * as repo from './tasks.repo.ts'
import { instructionsIn, isDone, textIn } from './tasks.service.ts'

export const REMINDER_JOB = 'exhibitors.task-reminders'
/** How often the reminders are looked for: a reminder goes within this much of its venue day's start. */
export const REMINDER_EVERY_MS = 15 * 60 * 1000

const NOBODY = '00000000-0000-0000-0000-000000000000'
const localeOf = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en')

/**
 * Mails each admin of each active exhibitor that has not done a task, in the admin's own language, the
 * week's reminder from seven days before the task's day and the day's from the day before
 * (docs/product.md#exhibitor-tasks); none once the day has passed. Each (task, exhibitor, reminder) is
 * claimed in the reminders log in the transaction that queues its mails, so it is sent once however many
 * instances run the job. Returns how many reminders were sent.
 */
export async function sendTaskReminders(platform: Platform): Promise<number> {
  const { db, config } = platform
  const moment = new Date(Date.now())
  // Every zone's today lies within a day of UTC's; the window is exact after the venue's day is read.
  const from = dayString(new Date(moment.getTime() - 2 * 86_400_000))
  const to = dayString(new Date(moment.getTime() + 9 * 86_400_000))
  const tasks = await repo.tasksDueBetween(db, from, to)
  if (!tasks.length) return 0
  const exhibitionIds = [...new Set(tasks.map((task) => task.exhibition_id))]
  const [facts, confirmations, sent, texts] = await Promise.all([
    repo.factsOfExhibitions(db, exhibitionIds),
    Promise.all(exhibitionIds.map((exhibitionId) => repo.confirmationsOf(db, { exhibitionId }))),
    repo.remindersOf(
      db,
      tasks.map((task) => task.id),
    ),
    repo.textsOf(
      db,
      tasks.map((task) => task.id),
    ),
  ])
  const confirmed = new Set(confirmations.flat().map((row) => `${row.task_id}:${row.exhibitor_id}`))
  const already = new Set(sent.map((row) => `${row.task_id}:${row.exhibitor_id}:${row.kind}`))
  let count = 0
  for (const task of tasks) {
    const kind = reminderDue(localDate(moment, task.time_zone), task.due_on)
    if (!kind) continue
    for (const exhibitor of facts) {
      if (exhibitor.exhibition_id !== task.exhibition_id || already.has(`${task.id}:${exhibitor.exhibitor_id}:${kind}`)) continue
      if (isDone(task, exhibitor, confirmed)) continue
      const claimed = await db.transaction(async (tx) => {
        if (!(await repo.claimReminder(tx, task.id, exhibitor.exhibitor_id, kind, moment))) return false
        for (const admin of await repo.adminsOf(tx, exhibitor.exhibitor_id)) {
          const locale = localeOf(admin.locale)
          const own = texts.filter((row) => row.task_id === task.id)
          const text = textIn(own, locale)
          const named = (await exhibitors.exhibitorFor(tx, exhibitor.exhibitor_id, NOBODY, contentFallbackChain(locale))) as exhibitors.ExhibitorRow
          await queueMail(
            tx,
            reminderMail({
              locale,
              to: admin.email,
              kind,
              task: text?.title ?? '',
              instructions: instructionsIn(own, locale)?.instructions ?? '',
              exhibitor: named.name,
              exhibition: named.exhibition_title,
              exhibitorId: exhibitor.exhibitor_id,
              dueOn: task.due_on,
              brand: config.BRAND_NAME,
              contactEmail: config.CONTACT_EMAIL,
              publicOrigin: config.PUBLIC_ORIGIN,
            }),
          )
        }
        return true
      })
      if (claimed) count += 1
    }
  }
  return count
}
