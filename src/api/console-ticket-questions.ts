import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as questions from '../../shared/contracts/console-ticket-questions.ts'

export type { TicketQuestionEditor, TicketQuestionEditorQuestion } from '../../shared/contracts/console-ticket-questions.ts'
/** The organiser's questions on the attendee form (docs/product.md#ticket-questions): browser references, beside src/api/console.ts. */
export const ticketQuestionEditor = fn<typeof questions.ticketQuestionEditor>(CONSOLE.ticketQuestionEditor)
export const saveTicketQuestion = fn<typeof questions.saveTicketQuestion>(CONSOLE.saveTicketQuestion)
export const deleteTicketQuestion = fn<typeof questions.deleteTicketQuestion>(CONSOLE.deleteTicketQuestion)
export const reorderTicketQuestions = fn<typeof questions.reorderTicketQuestions>(CONSOLE.reorderTicketQuestions)
