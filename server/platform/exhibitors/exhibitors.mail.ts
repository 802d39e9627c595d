import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import type { MemberRole } from '../../../shared/rules/exhibitors.ts'
import { paragraphMail } from '../kit/mail-layout.ts'
import { loadStrings } from '../kit/strings.ts'
import type { MailMessage } from '../mailer.ts'

const strings = loadStrings('exhibitor')

export interface InvitationMailInput {
  locale: Locale
  to: string
  exhibitor: string
  exhibition: string
  role: MemberRole
  token: string
  expiresAt: Date
  brand: string
  contactEmail: string
  publicOrigin: string
}

/**
 * An invitation to an exhibitor's team: who invites, to what, the link (valid for a week, once) and
 * the verification page, so that nobody can pose as us with a look-alike invitation.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const t = strings(input.locale)
  const language = urlLanguageOfLocale(input.locale)
  const url = `${input.publicOrigin}/${language}/exhibitor.html?invitation=${encodeURIComponent(input.token)}`
  const until = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(input.expiresAt)
  const paragraphs = [
    t('mail.invitation.body', { exhibitor: input.exhibitor, exhibition: input.exhibition, role: t(`roles.${input.role}`) }),
    t('mail.invitation.link', { until }),
  ]
  const closing = [
    t('mail.invitation.ignore'),
    t('mail.contact', { contact: input.contactEmail }),
    t('mail.verify', { url: `${input.publicOrigin}/${language}/verify.html` }),
    t('mail.signature', { brand: input.brand }),
  ]
  return paragraphMail({
    to: input.to,
    subject: t('mail.invitation.subject', { exhibitor: input.exhibitor, brand: input.brand }),
    language,
    paragraphs,
    link: { url, label: t('mail.invitation.action') },
    closing,
  })
}
