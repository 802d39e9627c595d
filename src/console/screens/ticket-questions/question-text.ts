import type { TicketQuestionEditorQuestion } from '../../../api/console-ticket-questions.ts'
import type { ConsoleLanguage } from '../../../../shared/rules/console-access.ts'
import { localText } from '../../lib/local-text.ts'

/** A question in the member's console language when written, else in English (which is required). */
export const questionText = (question: TicketQuestionEditorQuestion, language: ConsoleLanguage) => localText(question.texts, language, 'text') ?? ''
