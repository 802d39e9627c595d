import type { OrderDetail } from '../../../api/tickets.ts'
import { checkTicketAnswers, questionsForType } from '../../../../shared/rules/ticket-questions.ts'
import type { AttendeeDraft } from '../../../../shared/rules/tickets.ts'

/** Each ticket's type, by position in the order (the order the forms and the e-tickets follow). */
export const ticketTypesByPosition = (order: OrderDetail) => order.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.ticketTypeId))

/**
 * The organiser's questions each form asks and what is wrong with its answers, by the same rules as
 * the platform's (which decides): `${attendee index}.answers.${question id}` -> message key.
 */
export function answerErrors(order: OrderDetail, drafts: readonly AttendeeDraft[]): Record<string, string> {
  const types = ticketTypesByPosition(order)
  const countries = new Set(order.countries.map((country) => country.code))
  const errors: Record<string, string> = {}
  drafts.forEach((draft, index) => {
    const asked = questionsForType(order.questions, types[index] ?? 0)
    const checked = checkTicketAnswers(asked, draft.answers ?? {}, (code) => countries.has(code))
    for (const [id, key] of Object.entries(checked.errors)) errors[`${index}.answers.${id}`] = key
  })
  return errors
}
