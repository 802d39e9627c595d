import { ATTENDEE_LIMITS, type AttendeeDraft, cleanName, emailKey, hasForbiddenCharacters, isEmail, MESSAGES, PROMPTS } from '../../shared/rules/tickets.ts'
import { checkPhone } from './phone.ts'

/** In the form's order: the focus goes to the first field with a problem. */
export const FIELDS = ['firstName', 'lastName', 'company', 'jobTitle', 'email', 'phone', 'identity', 'industry'] as const
export type Field = (typeof FIELDS)[number]
/** `${attendee index}.${field}` -> key of the tickets namespace. */
export type Errors = Record<string, string>

/** The same rules as the platform's (which decides): prompts, docs/product.md#attendee-form messages, no repeats in one order. */
export async function validateAttendees(drafts: AttendeeDraft[]): Promise<Errors> {
  const errors: Errors = {}
  const emails = new Set<string>()
  const phones = new Set<string>()
  for (const [index, draft] of drafts.entries()) {
    for (const name of ['firstName', 'lastName'] as const) {
      const value = cleanName(draft[name])
      if (!value) errors[`${index}.${name}`] = PROMPTS[name]
      else if (hasForbiddenCharacters(value)) errors[`${index}.${name}`] = MESSAGES.characters
      else if (value.length > ATTENDEE_LIMITS[name]) errors[`${index}.${name}`] = MESSAGES.tooLong
    }
    for (const name of ['company', 'jobTitle'] as const) {
      const value = cleanName(draft[name] ?? '')
      if (hasForbiddenCharacters(value)) errors[`${index}.${name}`] = MESSAGES.characters
      else if (value.length > ATTENDEE_LIMITS[name]) errors[`${index}.${name}`] = MESSAGES.tooLong
    }
    const email = draft.email.trim()
    if (!email) errors[`${index}.email`] = PROMPTS.email
    else if (!isEmail(email)) errors[`${index}.email`] = MESSAGES.email
    else if (emails.has(emailKey(email))) errors[`${index}.email`] = MESSAGES.emailRepeated
    else emails.add(emailKey(email))
    if (!draft.phone.number.trim()) errors[`${index}.phone`] = PROMPTS.phone
    else {
      const checked = await checkPhone(draft.phone)
      if (!checked.valid) errors[`${index}.phone`] = MESSAGES.phone
      else if (phones.has(checked.e164)) errors[`${index}.phone`] = MESSAGES.phoneRepeated
      else phones.add(checked.e164)
    }
    if (!draft.identity) errors[`${index}.identity`] = PROMPTS.identity
    if (!draft.industry) errors[`${index}.industry`] = PROMPTS.industry
  }
  return errors
}
