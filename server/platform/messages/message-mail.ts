import { LOCALES, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { type MessageKind, paragraphsOf, unsubscribePath } from '../../../shared/rules/messages.ts'
import type { MailMessage } from '../mailer.ts'
import { escapeHtml } from '../kit/escape.ts'
import { loadStrings } from '../kit/strings.ts'

const strings = loadStrings('unsubscribe')

/** One language of a message, as the organiser wrote it (in the order written: the first is the last fallback). */
export interface MessageText {
  locale: Locale
  subject: string
  body: string
}

/** The reader's language when written, else English, else the first written (docs/product.md#messages). */
export function textFor(texts: readonly MessageText[], locale: string): MessageText {
  const chosen = texts.find((text) => text.locale === locale) ?? texts.find((text) => text.locale === 'en') ?? texts[0]
  if (!chosen) throw new Error('a message without any text')
  return chosen
}

export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value)

export interface Brand {
  origin: string
  name: string
  contactEmail: string
}

/** The closing lines: why they get it, and for marketing mail how to stop it (in the text's language). */
export function footerOf(kind: MessageKind, locale: Locale, brand: Brand, exhibition: string): string[] {
  const t = strings(locale)
  return kind === 'marketing'
    ? [t('mail.marketingFooter', { brand: brand.name, exhibition })]
    : [t('mail.transactionalFooter', { brand: brand.name, exhibition })]
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/g

/** A paragraph into HTML with its web addresses as links (the console's body is plain text with links). */
export function paragraphHtml(paragraph: string): string {
  return paragraph
    .split(URL_IN_TEXT)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part).replace(/\n/g, '<br>')))
    .join('')
}

/**
 * A message to one reader: the text in their language (or the fallback), the footer, and for marketing
 * the unsubscribe link in the body and the RFC 8058 one-click headers; transactional mail has neither.
 */
export function messageMail(input: {
  to: string
  kind: MessageKind
  text: MessageText
  brand: Brand
  exhibition: string
  /** The reader's own unsubscribe token (marketing only). */
  unsubscribeToken?: string
  subjectPrefix?: string
}): MailMessage {
  const { text, brand } = input
  const t = strings(text.locale)
  const language = urlLanguageOfLocale(text.locale)
  const paragraphs = paragraphsOf(text.body)
  const footer = footerOf(input.kind, text.locale, brand, input.exhibition)
  const link = input.kind === 'marketing' && input.unsubscribeToken !== undefined ? `${brand.origin}${unsubscribePath(language, input.unsubscribeToken)}` : null
  const closing = link ? [...footer, t('mail.unsubscribeLine', { link })] : footer
  const textBody = [...paragraphs, '—', ...closing].join('\n\n')
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body>
${paragraphs.map((paragraph) => `<p>${paragraphHtml(paragraph)}</p>`).join('\n')}
<hr>
${footer.map((line) => `<p><small>${escapeHtml(line)}</small></p>`).join('\n')}
${link ? `<p><small><a href="${escapeHtml(link)}">${escapeHtml(t('mail.unsubscribe'))}</a></small></p>` : ''}
</body></html>`
  const headers: Record<string, string> = link
    ? {
        'List-Unsubscribe': `<${link}>, <mailto:${brand.contactEmail}?subject=${encodeURIComponent(`unsubscribe ${input.unsubscribeToken}`)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {}
  return { to: input.to, subject: `${input.subjectPrefix ?? ''}${text.subject}`, text: textBody, html, headers }
}
