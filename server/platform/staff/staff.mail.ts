import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ConsoleLanguage } from '../../../src/api/rules/console-access.ts'
import { localeOf } from '../../../src/i18n/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { queueMail } from '../mail/mailer.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url))

/** The `console` strings of a member's language, with English under them (the same file the console's pages use). */
function consoleStrings(language: ConsoleLanguage): (key: string, values: Record<string, string | number>) => string {
  const read = (locale: string) => {
    try {
      return JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/console.json`, 'utf8')) as Record<string, unknown>
    } catch {
      return {}
    }
  }
  const own = read(localeOf(language))
  const english = read('en')
  const lookup = (table: Record<string, unknown>, key: string) => {
    let node: unknown = table
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
    return typeof node === 'string' ? node : undefined
  }
  return (key, values) =>
    (lookup(own, key) ?? lookup(english, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? ''))
}

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
