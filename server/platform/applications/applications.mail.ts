import { boothDimensions, personName } from '../../../shared/rules/applications.ts'
import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import type { MailMessage } from '../mailer.ts'
import type { ApplicationFields } from './applications.repo.ts'
import { escapeHtml } from '../kit/escape.ts'
import { loadStrings } from '../kit/strings.ts'

/** A translator over the `apply` strings with English as the fallback (the same file the page uses). */
export function translator(locale: Locale) {
  return loadStrings('apply', 'key')(locale)
}

export interface AcknowledgementInput {
  locale: Locale
  reference: string
  fields: ApplicationFields
  exhibition: { title: string; startsAt: Date; endsAt: Date; timeZone: string; city: string }
  brand: string
  contactEmail: string
  publicOrigin: string
}

/**
 * The acknowledgement in the applicant's language: the reference, everything they sent (as text:
 * the HTML part escapes every value) and how to reach the organiser, plus the verification page so
 * that nobody can pose as us with a look-alike message.
 */
export function acknowledgementMail(input: AcknowledgementInput): MailMessage {
  const t = translator(input.locale)
  const { fields } = input
  const exhibition = input.exhibition.title
  const language = urlLanguageOfLocale(input.locale)
  const dates = formatDates(input.locale, input.exhibition.startsAt, input.exhibition.endsAt, input.exhibition.timeZone)
  const name = fields.kind === 'exhibitor' ? (fields.contactPerson ?? '') : personName(input.locale, fields.givenName ?? '', fields.surname ?? '')

  const rows: Array<[string, string]> = [[t('fields.exhibition'), `${exhibition} (${input.exhibition.city}, ${dates})`]]
  if (fields.kind === 'exhibitor') {
    const booth =
      fields.boothSize === 'custom' ? `${t('booth.custom')}: ${boothDimensions(fields.boothWidth, fields.boothDepth)}` : t(`booth.${fields.boothSize}`)
    rows.push(
      [t('fields.boothSize'), booth],
      [t('fields.companyName'), fields.companyName ?? ''],
      [t('fields.website'), fields.website ?? '-'],
      [t('fields.contactPerson'), fields.contactPerson ?? ''],
      [t('fields.phone'), fields.phoneE164 ?? ''],
      [t('fields.email'), fields.email],
      [t('fields.method'), t(`method.${fields.method}`)],
    )
  } else {
    rows.push(
      [t('fields.surname'), fields.surname ?? ''],
      [t('fields.givenName'), fields.givenName ?? ''],
      [t('fields.position'), fields.position ?? ''],
      [t('fields.identity'), t(`identity.${fields.identity}`)],
      [t('fields.industry'), t(`industry.${fields.industry}`)],
      [t('fields.email'), fields.email],
      [t('fields.phone'), fields.phoneE164 ?? '-'],
    )
  }
  const verifyUrl = `${input.publicOrigin}/${language}/verify.html`
  const paragraphs = {
    greeting: t('mail.greeting', { name }),
    intro: t(fields.kind === 'exhibitor' ? 'mail.exhibitorIntro' : 'mail.attendeeIntro', { exhibition }),
    reference: t('mail.reference', { reference: input.reference }),
    summary: t('mail.summary'),
    correction: t('mail.correction', { contact: input.contactEmail }),
    verify: t('mail.verify', { url: verifyUrl }),
    notYou: t('mail.notYou'),
    signature: t('mail.signature', { brand: input.brand }),
  }
  const text = [
    paragraphs.greeting,
    '',
    paragraphs.intro,
    '',
    paragraphs.reference,
    '',
    paragraphs.summary,
    ...rows.map(([label, value]) => `  ${label}: ${value}`),
    '',
    paragraphs.correction,
    paragraphs.verify,
    paragraphs.notYou,
    '',
    paragraphs.signature,
  ].join('\n')
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body>
<p>${escapeHtml(paragraphs.greeting)}</p>
<p>${escapeHtml(paragraphs.intro)}</p>
<p><strong>${escapeHtml(paragraphs.reference)}</strong></p>
<p>${escapeHtml(paragraphs.summary)}</p>
<table cellpadding="6" cellspacing="0" border="0">
${rows.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${escapeHtml(paragraphs.correction)}</p>
<p>${escapeHtml(t('mail.verify', { url: '\u0000' })).replace('\u0000', `<a href="${escapeHtml(verifyUrl)}">${escapeHtml(verifyUrl)}</a>`)}</p>
<p>${escapeHtml(paragraphs.notYou)}</p>
<p>${escapeHtml(paragraphs.signature)}</p>
</body></html>`
  return {
    to: fields.email,
    subject: t(fields.kind === 'exhibitor' ? 'mail.exhibitorSubject' : 'mail.attendeeSubject', { exhibition, reference: input.reference }),
    text,
    html,
  }
}

/** "12–14 May 2026" in the applicant's language and the venue's time zone. */
export function formatDates(locale: Locale, startsAt: Date, endsAt: Date, timeZone: string): string {
  const tag = locale === 'zh-cn' ? 'zh-Hans' : locale === 'zh-tw' ? 'zh-Hant' : locale === 'zh-hk' ? 'zh-Hant-HK' : locale
  try {
    return new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).formatRange(startsAt, endsAt)
  } catch {
    return new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).formatRange(startsAt, endsAt)
  }
}

export interface DecisionMailInput {
  locale: Locale
  to: string
  reference: string
  kind: ApplicationFields['kind']
  name: string
  exhibition: string
  status: 'received' | 'reviewing' | 'accepted' | 'declined' | 'withdrawn'
  /** What staff wrote for the applicant; null: nothing more than the status. */
  note: string | null
  brand: string
  contactEmail: string
  publicOrigin: string
}

/**
 * A decision on an application, told to the applicant in the language they applied in: the new
 * status, the organiser's note (as text: the HTML part escapes it), where to see it, and the
 * verification page, so a look-alike "you are accepted, now pay" message can be checked.
 */
export function decisionMail(input: DecisionMailInput): MailMessage {
  const t = translator(input.locale)
  const language = urlLanguageOfLocale(input.locale)
  const status = t(`account.status.${input.status}`)
  const accountUrl = `${input.publicOrigin}/${language}/info.html`
  const verifyUrl = `${input.publicOrigin}/${language}/verify.html`
  const paragraphs = [
    t('decision.greeting', { name: input.name }),
    t(`decision.${input.status}`, { exhibition: input.exhibition }),
    t('decision.reference', { reference: input.reference }),
  ]
  const note = input.note ? [t('decision.note'), input.note] : []
  const closing = [
    t('decision.account', { url: accountUrl }),
    t('mail.correction', { contact: input.contactEmail }),
    t('mail.verify', { url: verifyUrl }),
    '',
    t('mail.signature', { brand: input.brand }),
  ]
  const text = [...paragraphs.flatMap((line) => [line, '']), ...note.flatMap((line) => [line, '']), ...closing].join('\n')
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${note.length ? `<p><strong>${escapeHtml(note[0] as string)}</strong></p>\n<blockquote style="white-space:pre-wrap">${escapeHtml(input.note ?? '')}</blockquote>` : ''}
<p>${escapeHtml(t('decision.account', { url: accountUrl }))}</p>
<p>${escapeHtml(t('mail.correction', { contact: input.contactEmail }))}</p>
<p>${escapeHtml(t('mail.verify', { url: verifyUrl }))}</p>
<p>${escapeHtml(t('mail.signature', { brand: input.brand }))}</p>
</body></html>`
  return {
    to: input.to,
    subject: t('decision.subject', { exhibition: input.exhibition, reference: input.reference, status }),
    text,
    html,
  }
}
