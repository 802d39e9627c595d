import type { Locale } from '../../../shared/languages.ts'
import { reminderTime } from '../../../shared/rules/reminders.ts'
import { loadStrings } from '../kit/strings.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import type { ExhibitionInfo } from '../tickets/index.ts'
import { isLocale, textFor } from './message-mail.ts'
import { brandOf } from './messages.console.ts'
import * as messages from './messages.repo.ts'
import { floorPlanUrl, reminderMail } from './reminder-mail.ts'
import * as repo from './reminders.repo.ts'

/** Reminders one run looks at; the rest wait for the next run. */
const REMINDERS_PER_RUN = 10
/** Recipients written per transaction: each mail draws its PDF, and the reminder's row stays locked meanwhile. */
const BATCH = 20

const ticketStrings = loadStrings('tickets')

/**
 * Sends the reminders whose time has come (docs/product.md#reminders-before-the-exhibition). A reminder
 * takes its recipients once, with its row locked (the tickets paid by its time); then each is written
 * to the outbox in the transaction that marks them written, while the minute's budget shared with
 * messages (MESSAGES_PER_MINUTE) lasts: a restarted or second job finds them written and mails nobody
 * twice. A reminder whose time passed while nothing ran goes late if the exhibition has not opened
 * yet; otherwise, or when its time was already past when it was set, it is missed, never sent.
 */
export async function sendDueReminders(platform: Platform, now = new Date()): Promise<number> {
  const { db, config } = platform
  const brand = brandOf(platform)
  let written = 0
  for (const pending of await repo.pendingReminders(db, now, REMINDERS_PER_RUN)) {
    const { exhibition_id: exhibitionId, offset_hours: offsetHours } = pending
    const dueAt = reminderTime(pending.starts_at, pending.time_zone, offsetHours)
    if (dueAt > now) continue
    const started = await db.transaction(async (tx) => {
      const locked = await repo.lockReminder(tx, exhibitionId, offsetHours)
      if (!locked?.enabled || locked.removed) return false
      if (locked.state === 'sending') return true
      if (locked.state !== 'scheduled') return false
      if (now >= pending.starts_at || dueAt < locked.set_at) {
        await repo.markMissed(tx, exhibitionId, offsetHours, dueAt, now)
        return false
      }
      await repo.expandRecipients(tx, exhibitionId, offsetHours, dueAt, now)
      return true
    })
    if (!started) continue
    // The exhibition in each reader's language and the organiser's texts, read outside the
    // transactions: the exhibitions' cache must not be read inside one (an embedded database serves one at a time).
    const infos = new Map<Locale, ExhibitionInfo>()
    for (const locale of await repo.queuedLocales(db, exhibitionId, offsetHours)) {
      const known: Locale = isLocale(locale) ? locale : 'en'
      if (!infos.has(known)) infos.set(known, await platform.services.tickets.passes.exhibition(exhibitionId, known))
    }
    const settings = await repo.settingsOf(db, exhibitionId)
    const texts = (settings?.texts ?? [])
      .filter((text) => isLocale(text.locale))
      .map((text) => ({ locale: text.locale as Locale, subject: '', body: text.body }))
    const withPlan = await repo.hasFloorPlan(db, exhibitionId)
    for (;;) {
      const budget = config.MESSAGES_PER_MINUTE - (await messages.writtenSince(db, new Date(now.getTime() - 60_000)))
      if (budget <= 0) return written
      const batch = await db.transaction(async (tx) => {
        const locked = await repo.lockReminder(tx, exhibitionId, offsetHours)
        if (!locked?.enabled || locked.removed || locked.state !== 'sending' || !locked.due_at) return { claimed: 0, written: 0 }
        let count = 0
        const claimed = await repo.claimQueued(tx, exhibitionId, offsetHours, brand.name, Math.min(budget, BATCH))
        for (const recipient of claimed) {
          const locale: Locale = isLocale(recipient.locale) ? recipient.locale : 'en'
          const tickets = recipient.suppressed ? [] : await repo.ticketsOf(tx, exhibitionId, recipient.email, locked.due_at, locale)
          const exhibition = infos.get(locale)
          // A ticket voided since the list was taken leaves the address nothing to be reminded of.
          if (!tickets.length || !exhibition) {
            await repo.markWritten(tx, exhibitionId, offsetHours, recipient.email, null, now)
            continue
          }
          const mail = await reminderMail({
            to: recipient.email,
            locale,
            t: ticketStrings(locale),
            brand,
            exhibition,
            extra: texts.length ? textFor(texts, locale).body : null,
            tickets,
            mapUrl: withPlan ? floorPlanUrl(brand.origin, locale, exhibitionId) : null,
            sign: platform.documents.sign,
          })
          await repo.markWritten(tx, exhibitionId, offsetHours, recipient.email, await queueMail(tx, mail), now)
          count += 1
        }
        await repo.finishIfDone(tx, exhibitionId, offsetHours, now)
        return { claimed: claimed.length, written: count }
      })
      written += batch.written
      if (!batch.claimed) break
    }
  }
  return written
}
