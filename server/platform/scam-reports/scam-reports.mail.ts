import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { reportPath } from '../../../shared/rules/scam-reports.ts'
import { paragraphMail } from '../kit/mail-layout.ts'
import { loadStrings } from '../kit/strings.ts'
import type { MailMessage } from '../mailer.ts'

const strings = loadStrings('scam')

interface Settings {
  brand: string
  contactEmail: string
  publicOrigin: string
}

const closing = (t: ReturnType<ReturnType<typeof loadStrings>>, input: Settings) => [
  t('reportMail.contact', { contact: input.contactEmail }),
  t('reportMail.signature', { brand: input.brand }),
]

/** The receipt of a scam report, in the reporter's language: the reference and the channels as read. */
export function receiptMail(input: Settings & { to: string; locale: Locale; reference: string; channels: string[] }): MailMessage {
  const t = strings(input.locale)
  const language = urlLanguageOfLocale(input.locale)
  return paragraphMail({
    to: input.to,
    subject: t('reportMail.receipt.subject', { reference: input.reference, brand: input.brand }),
    language,
    paragraphs: [
      t('reportMail.receipt.body', { reference: input.reference, brand: input.brand }),
      t('reportMail.receipt.channels', { channels: input.channels.join(', ') }),
      t('reportMail.receipt.next'),
    ],
    link: { url: `${input.publicOrigin}/${language}/verify.html`, label: t('reportMail.verifyLink') },
    closing: closing(t, input),
  })
}

/** The verifier's reply to one reporter, framed in the reporter's language; the message is the verifier's own words. */
export function replyMail(input: Settings & { to: string; locale: Locale; reference: string; body: string }): MailMessage {
  const t = strings(input.locale)
  const language = urlLanguageOfLocale(input.locale)
  return paragraphMail({
    to: input.to,
    subject: t('reportMail.reply.subject', { reference: input.reference, brand: input.brand }),
    language,
    paragraphs: [t('reportMail.reply.intro', { reference: input.reference, brand: input.brand }), input.body],
    link: { url: `${input.publicOrigin}${reportPath(language)}`, label: t('reportMail.reportLink') },
    closing: closing(t, input),
  })
}
