import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/console-reminders.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import { reminderTime } from '../../../shared/rules/reminders.ts'
import type { Queryable } from '../../db/client.ts'
import { invalid, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import { exhibitionTitle } from '../tickets/index.ts'
import * as repo from './reminders.repo.ts'

type Settings = z.output<typeof contracts.reminderSettings.result>
type SaveInput = z.output<typeof contracts.saveReminders.payload>

const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** An exhibition outside the member's limits does not exist for them. */
async function exhibitionFor(db: Queryable, actor: StaffActor, exhibitionId: number) {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw exhibitionNotFound()
  const exhibition = await repo.exhibitionOf(db, exhibitionId)
  if (!exhibition) throw exhibitionNotFound()
  return exhibition
}

/**
 * The exhibition's reminders (docs/product.md#reminders-before-the-exhibition): whether they are on, the
 * organiser's paragraph per language, and each reminder set (and each removed one that mailed someone)
 * with its time and progress. A reminder not yet taken is timed from the opening as it is now.
 */
export async function reminderSettings(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<Settings> {
  const exhibition = await exhibitionFor(db, actor, exhibitionId)
  const [settings, rows, counts, title] = await Promise.all([
    repo.settingsOf(db, exhibitionId),
    repo.remindersOf(db, exhibitionId),
    repo.countsOf(db, exhibitionId),
    exhibitionTitle(db, exhibitionId, actor.locale),
  ])
  const zero = { queued: 0, sent: 0, failed: 0, skipped: 0 }
  return {
    exhibition: { id: exhibition.id, title: title ?? '', timeZone: exhibition.time_zone, startsAt: exhibition.starts_at.toISOString() },
    isNew: settings === null,
    enabled: settings?.enabled ?? false,
    texts: Object.fromEntries((settings?.texts ?? []).map((text) => [text.locale, { body: text.body }])),
    reminders: rows
      .filter((row) => !row.removed || counts.has(row.offset_hours))
      .map((row) => ({
        offsetHours: row.offset_hours,
        state: row.state,
        dueAt: (row.due_at ?? reminderTime(exhibition.starts_at, exhibition.time_zone, row.offset_hours)).toISOString(),
        removed: row.removed,
        counts: counts.get(row.offset_hours) ?? zero,
      })),
  }
}

/** The settings saved with their audit row in one transaction; a time set twice is one reminder. */
export async function saveReminders(platform: Platform, actor: StaffActor, input: SaveInput): Promise<Settings> {
  const { db } = platform
  await exhibitionFor(db, actor, input.exhibitionId)
  const hours = [...new Set(input.offsetHours)].sort((a, b) => b - a)
  if (input.enabled && hours.length === 0) throw invalid({ offsetHours: 'console:errors.reminderNone' })
  const texts = (Object.entries(input.texts) as Array<[Locale, { body: string } | undefined]>)
    .filter(([, text]) => text?.body)
    .map(([locale, text]) => ({ locale, body: text?.body ?? '' }))
    .sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale))
  const now = new Date()
  await db.transaction(async (tx) => {
    const before = await repo.settingsOf(tx, input.exhibitionId, true)
    const beforeHours = (await repo.remindersOf(tx, input.exhibitionId)).filter((row) => !row.removed).map((row) => row.offset_hours)
    await repo.saveSettings(tx, input.exhibitionId, { enabled: input.enabled, texts }, actor.staffId, now)
    await repo.setReminders(tx, input.exhibitionId, hours, input.enabled && !before?.enabled, now)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$saveReminders',
        target: `exhibition:${input.exhibitionId}`,
        before: before ? { enabled: before.enabled, offsetHours: beforeHours, languages: before.texts.map((text) => text.locale) } : null,
        after: { enabled: input.enabled, offsetHours: hours, languages: texts.map((text) => text.locale) },
      },
    )
  })
  return reminderSettings(db, actor, input.exhibitionId)
}
