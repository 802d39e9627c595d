import { type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import type { ReminderKind } from '../../../../shared/rules/exhibitor-tasks.ts'
import { escapeHtml } from '../../kit/escape.ts'
import { loadStrings } from '../../kit/strings.ts'
import type { MailMessage } from '../../mailer.ts'

const strings = loadStrings('exhibitor')

export interface ReminderMailInput {
  locale: Locale
  to: string
  kind: ReminderKind
  task: string
  instructions: string
  exhibitor: string
  exhibition: string
  exhibitorId: number
  /** The day at the venue, YYYY-MM-DD. */
  dueOn: string
  brand: string
  contactEmail: string
  publicOrigin: string
}

/** A reminder to an exhibitor's admin that a task of the organiser's checklist is due (docs/product.md#exhibitor-tasks). */
export function reminderMail(input: ReminderMailInput): MailMessage {
  const t = strings(input.locale)
  const language = urlLanguageOfLocale(input.locale)
  const url = `${input.publicOrigin}/${language}/exhibitor.html?id=${input.exhibitorId}#checklist`
  // The day is a calendar day at the venue: formatted at UTC so no zone moves it.
  const due = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${input.dueOn}T00:00:00Z`))
  const paragraphs = [
    t(`mail.taskReminder.body.${input.kind}`, { task: input.task, exhibitor: input.exhibitor, exhibition: input.exhibition, due }),
    ...(input.instructions ? [input.instructions] : []),
  ]
  const closing = [
    t('mail.contact', { contact: input.contactEmail }),
    t('mail.verify', { url: `${input.publicOrigin}/${language}/verify.html` }),
    t('mail.signature', { brand: input.brand }),
  ]
  const text = [...paragraphs, url, '', ...closing].join('\n\n')
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body>
${paragraphs.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}">${escapeHtml(t('mail.taskReminder.action'))}</a></p>
${closing.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`
  return { to: input.to, subject: t(`mail.taskReminder.subject.${input.kind}`, { task: input.task, exhibition: input.exhibition, due }), text, html }
}
