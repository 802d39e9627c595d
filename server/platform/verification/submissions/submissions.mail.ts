import { type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import type { ChannelKind } from '../../../../shared/rules/verification.ts'
import { paragraphMail } from '../../kit/mail-layout.ts'
import { loadStrings } from '../../kit/strings.ts'
import type { MailMessage } from '../../mailer.ts'

const strings = loadStrings('exhibitor')
const kinds = loadStrings('verify')

export interface DecisionMail {
  locale: Locale
  to: string
  /** The company's name in the recipient's language. */
  exhibitor: string
  kind: ChannelKind
  value: string
  decision: 'approved' | 'rejected'
  /** Approved: the last day the organiser vouches for it (YYYY-MM-DD). */
  validUntil: string | null
  /** Rejected: the verifier's reason. */
  reason: string | null
  brand: string
  contactEmail: string
  publicOrigin: string
}

/**
 * The verifier's decision on a channel the company submitted, to each of its administrators in their
 * language: what was decided, until when it is vouched for or why not, and the link to the exhibitor area.
 */
export function decisionMail(input: DecisionMail): MailMessage {
  const t = strings(input.locale)
  const language = urlLanguageOfLocale(input.locale)
  const kind = kinds(input.locale)(`types.${input.kind}`)
  const values = { exhibitor: input.exhibitor, value: input.value, kind, brand: input.brand }
  const until = input.validUntil
    ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${input.validUntil}T00:00:00Z`))
    : ''
  const paragraphs =
    input.decision === 'approved'
      ? [t('mail.channelApproved.body', { ...values, until })]
      : [t('mail.channelRejected.body', values), t('mail.channelRejected.reason', { reason: input.reason ?? '' })]
  const url = `${input.publicOrigin}/${language}/exhibitor.html`
  const closing = [
    t('mail.contact', { contact: input.contactEmail }),
    t('mail.verify', { url: `${input.publicOrigin}/${language}/verify.html` }),
    t('mail.signature', { brand: input.brand }),
  ]
  return paragraphMail({
    to: input.to,
    subject: t(input.decision === 'approved' ? 'mail.channelApproved.subject' : 'mail.channelRejected.subject', values),
    language,
    paragraphs,
    link: { url, label: t('mail.channelAction') },
    closing,
  })
}
