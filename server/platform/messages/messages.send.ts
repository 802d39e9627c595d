import { createHash, randomBytes } from 'node:crypto'
import type { Locale } from '../../../shared/languages.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import { exhibitionTitle } from '../tickets/index.ts'
import { brandOf } from './messages.console.ts'
import { isLocale, messageMail, textFor } from './message-mail.ts'
import * as repo from './messages.repo.ts'

/** Messages one run looks at; the rest wait for the next run. */
const MESSAGES_PER_RUN = 10

export const hashToken = (token: string) => createHash('sha256').update(token).digest()

/**
 * Sends what is due (docs/product.md#messages). A message whose time has come takes its list of
 * recipients once (one row per address); then recipients are written to the outbox while the minute's
 * budget (MESSAGES_PER_MINUTE) lasts, each in the transaction that marks them written, with the
 * message row locked: a restarted or second job finds them written and mails nobody twice, and a
 * cancel waits for the batch and stops the rest. Unsubscribed and bounced addresses are skipped.
 */
export async function sendDueMessages(platform: Platform, now = new Date()): Promise<number> {
  const { db, config } = platform
  const brand = brandOf(platform)
  let written = 0
  for (const id of await repo.dueMessages(db, now, MESSAGES_PER_RUN)) {
    const budget = config.MESSAGES_PER_MINUTE - (await repo.writtenSince(db, new Date(now.getTime() - 60_000)))
    if (budget <= 0) break
    const message = await repo.messageById(db, id)
    if (!message) continue
    // The exhibition's title in each written language, read outside the transaction: an embedded
    // database serves one transaction at a time.
    const titles = new Map<Locale, string>()
    for (const text of message.texts) titles.set(text.locale, (await exhibitionTitle(db, message.exhibition_id, text.locale)) ?? '')
    written += await db.transaction(async (tx) => {
      const locked = await repo.messageById(tx, id, true)
      if (!locked || (locked.state !== 'scheduled' && locked.state !== 'sending')) return 0
      if (locked.state === 'scheduled') await repo.expandRecipients(tx, locked, now)
      let count = 0
      for (const recipient of await repo.claimQueued(tx, locked, brand.name, budget)) {
        if (recipient.suppressed) {
          await repo.markSkipped(tx, id, recipient.email)
          continue
        }
        const text = textFor(locked.texts, isLocale(recipient.locale) ? recipient.locale : 'en')
        const token = locked.kind === 'marketing' ? randomBytes(24).toString('base64url') : undefined
        const outboxId = await queueMail(
          tx,
          messageMail({
            to: recipient.email,
            kind: locked.kind,
            text,
            brand,
            exhibition: titles.get(text.locale) ?? '',
            ...(token ? { unsubscribeToken: token } : {}),
          }),
        )
        await repo.markWritten(tx, id, recipient.email, outboxId, token ? hashToken(token) : null, now)
        count += 1
      }
      await repo.finishIfDone(tx, id, now)
      return count
    })
  }
  return written
}
