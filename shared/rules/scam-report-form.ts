import { parseMoney } from './money.ts'
import { REPORT_CURRENCIES, SCAM_REPORT_LIMITS, SCAM_REPORT_MESSAGES } from './scam-reports.ts'
import { isEmail } from './text.ts'

/*
 * The scam report form's field rules (docs/product.md#scam-reports), apart from scam-reports.ts: the
 * verification page links to the form through that module and should not load the currency table.
 */

export interface ReportFields {
  description: string
  channels: readonly string[]
  happenedOn: string
  amount: string
  currency: string
  email: string
  consent: boolean
}

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * The form's own rules, the page's first check and the platform's (which adds each channel's, read by
 * the public check's normaliser): every wrong field at once, as `field -> message key`. `today` is the
 * last day a scam can have happened (YYYY-MM-DD, UTC).
 */
export function reportFieldErrors(form: ReportFields, today: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const description = form.description.normalize('NFC').trim()
  if (description.length < SCAM_REPORT_LIMITS.descriptionMin || description.length > SCAM_REPORT_LIMITS.description)
    errors.description = SCAM_REPORT_MESSAGES.description
  if (!form.channels.some((value) => value.trim())) errors['channels.0'] = 'verify:errors.empty'
  if (!ISO_DAY.test(form.happenedOn) || form.happenedOn > today || form.happenedOn < '2000-01-01') errors.happenedOn = SCAM_REPORT_MESSAGES.happenedOn
  if (form.amount.trim()) {
    const parsed = (REPORT_CURRENCIES as readonly string[]).includes(form.currency) ? parseMoney(form.amount, form.currency) : null
    if (!parsed) errors.currency = SCAM_REPORT_MESSAGES.currency
    else if ('problem' in parsed || parsed.minor <= 0 || parsed.minor > Number.MAX_SAFE_INTEGER / 1000) errors.amount = SCAM_REPORT_MESSAGES.amount
  }
  const email = form.email.trim()
  if (email && !isEmail(email.toLowerCase())) errors.email = SCAM_REPORT_MESSAGES.email
  else if (email && !form.consent) errors.consent = SCAM_REPORT_MESSAGES.consent
  return errors
}
