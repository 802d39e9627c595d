import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import type { Queryable } from '../../db/client.ts'
import { queueMail } from '../mailer.ts'
import { consoleStrings } from '../kit/strings.ts'

export interface SetupMail {
  /** invite: a new member; reset: a new password and second factor for an existing one. */
  kind: 'invite' | 'reset'
  to: string
  name: string
  language: ConsoleLanguage
  link: string
  hours: number
  brand: string
}

/** Queued in the caller's transaction, sent after commit (docs/product.md#mail-after-commit), in the member's language. */
export async function queueSetupMail(tx: Queryable, mail: SetupMail): Promise<void> {
  const t = consoleStrings(mail.language)
  const values = { name: mail.name || mail.to, brand: mail.brand, link: mail.link, hours: mail.hours }
  const text = [
    t('mail.greeting', values),
    '',
    t(`mail.${mail.kind}.text`, values),
    '',
    mail.link,
    '',
    t('mail.expires', values),
    '',
    t('mail.signature', values),
  ]
  await queueMail(tx, { to: mail.to, subject: t(`mail.${mail.kind}.subject`, values), text: text.join('\n') })
}

export interface FailuresMail {
  to: string
  name: string
  language: ConsoleLanguage
  attempts: number
  brand: string
}

/** Someone keeps failing to sign in as this member: they hear of it (at most once a day), in their language. */
export async function queueFailuresMail(db: Queryable, mail: FailuresMail): Promise<void> {
  const t = consoleStrings(mail.language)
  const values = { name: mail.name || mail.to, brand: mail.brand, attempts: mail.attempts }
  const text = [t('mail.greeting', values), '', t('mail.failures.text', values), '', t('mail.signature', values)]
  await queueMail(db, { to: mail.to, subject: t('mail.failures.subject', values), text: text.join('\n') })
}
