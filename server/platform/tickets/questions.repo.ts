import type { Locale } from '../../../shared/languages.ts'
import type { TicketAnswerValue, TicketQuestionKind } from '../../../shared/rules/ticket-questions.ts'
import type { Queryable } from '../../db/client.ts'

/** A question's texts: {"en": {"text": "...", "help": "...", "choices": ["...", "..."]}, ...}. */
export type QuestionTexts = Partial<Record<Locale, { text: string; help: string; choices: string[] }>>

export interface QuestionRow {
  id: number
  exhibition_id: number
  kind: TicketQuestionKind
  required: boolean
  position: number
  ticket_type_ids: number[]
  /** numeric comes back as text, as typed cleanly. */
  min_value: string | null
  max_value: string | null
  choice_count: number
  texts: QuestionTexts
}

const QUESTION_COLUMNS = 'id, exhibition_id, kind, required, position, ticket_type_ids, min_value::text, max_value::text, choice_count, texts'

export async function questionsOf(db: Queryable, exhibitionId: number): Promise<QuestionRow[]> {
  const result = await db.query<QuestionRow>(`select ${QUESTION_COLUMNS} from ticket_questions where exhibition_id = $1 order by position, id`, [exhibitionId])
  return result.rows
}

export async function questionById(db: Queryable, id: number): Promise<QuestionRow | null> {
  const result = await db.query<QuestionRow>(`select ${QUESTION_COLUMNS} from ticket_questions where id = $1`, [id])
  return result.rows[0] ?? null
}

export interface QuestionFields {
  kind: TicketQuestionKind
  required: boolean
  ticketTypeIds: number[]
  min: string | null
  max: string | null
  choiceCount: number
  texts: QuestionTexts
}

export async function insertQuestion(db: Queryable, exhibitionId: number, fields: QuestionFields): Promise<number> {
  const result = await db.query<{ id: number }>(
    `insert into ticket_questions (exhibition_id, kind, required, ticket_type_ids, min_value, max_value, choice_count, texts, position)
     values ($1, $2, $3, $4::int[], $5::numeric, $6::numeric, $7, $8, coalesce((select max(position) + 1 from ticket_questions where exhibition_id = $1), 0))
     returning id`,
    [exhibitionId, fields.kind, fields.required, fields.ticketTypeIds, fields.min, fields.max, fields.choiceCount, JSON.stringify(fields.texts)],
  )
  return result.rows[0]?.id as number
}

export async function updateQuestion(db: Queryable, id: number, fields: QuestionFields): Promise<void> {
  await db.query(
    `update ticket_questions set kind = $2, required = $3, ticket_type_ids = $4::int[], min_value = $5::numeric, max_value = $6::numeric,
       choice_count = $7, texts = $8, updated_at = now() where id = $1`,
    [id, fields.kind, fields.required, fields.ticketTypeIds, fields.min, fields.max, fields.choiceCount, JSON.stringify(fields.texts)],
  )
}

export async function deleteQuestion(db: Queryable, id: number): Promise<void> {
  await db.query('delete from ticket_questions where id = $1', [id])
}

export async function setPositions(db: Queryable, exhibitionId: number, ids: readonly number[]): Promise<void> {
  await db.query(
    `update ticket_questions q set position = o.position - 1, updated_at = now()
     from unnest($2::int[]) with ordinality as o (id, position) where q.id = o.id and q.exhibition_id = $1`,
    [exhibitionId, ids],
  )
}

/** How many attendees answered each of the exhibition's questions. */
export async function answerCounts(db: Queryable, exhibitionId: number): Promise<Map<number, number>> {
  const result = await db.query<{ question_id: number; answers: number }>(
    `select a.question_id, count(*)::int as answers from ticket_answers a join ticket_questions q on q.id = a.question_id
     where q.exhibition_id = $1 group by a.question_id`,
    [exhibitionId],
  )
  return new Map(result.rows.map((row) => [row.question_id, row.answers]))
}

/** Whether any answer to the question chose one of these choice ids (a string answer or one in a list). */
export async function anyChose(db: Queryable, questionId: number, choiceIds: readonly string[]): Promise<boolean> {
  if (!choiceIds.length) return false
  const result = await db.query('select 1 from ticket_answers where question_id = $1 and value ?| $2::text[] limit 1', [questionId, choiceIds])
  return (result.rowCount ?? 0) > 0
}

export interface AnswerRow {
  attendee_id: string
  question_id: number
  value: TicketAnswerValue
}

export async function answersOf(db: Queryable, attendeeIds: readonly string[]): Promise<AnswerRow[]> {
  if (!attendeeIds.length) return []
  const result = await db.query<AnswerRow>('select attendee_id::text, question_id, value from ticket_answers where attendee_id = any($1::uuid[])', [
    attendeeIds,
  ])
  return result.rows
}

/** An attendee's answers, all at once: the ones not given any more go. */
export async function replaceAnswers(tx: Queryable, attendeeId: string, answers: Readonly<Record<string, TicketAnswerValue>>): Promise<void> {
  await tx.query('delete from ticket_answers where attendee_id = $1', [attendeeId])
  for (const [questionId, value] of Object.entries(answers)) {
    await tx.query('insert into ticket_answers (attendee_id, question_id, value) values ($1, $2, $3::jsonb)', [
      attendeeId,
      Number(questionId),
      JSON.stringify(value),
    ])
  }
}

/** Erasure: the answers of these attendees go (their text and choices are theirs). */
export async function deleteAnswersOf(tx: Queryable, attendeeIds: readonly string[]): Promise<void> {
  if (!attendeeIds.length) return
  await tx.query('delete from ticket_answers where attendee_id = any($1::uuid[])', [attendeeIds])
}

/** Erasure of whole orders: the answers of every attendee on them. */
export async function deleteAnswersOfOrders(tx: Queryable, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return
  await tx.query('delete from ticket_answers where attendee_id in (select id from ticket_attendees where order_id = any($1::uuid[]))', [orderIds])
}
