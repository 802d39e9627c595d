import type { Locale } from '../../../shared/languages.ts'
import type { SurveyKind } from '../../../shared/rules/survey.ts'
import type { Queryable } from '../../db/client.ts'

/** A question's texts: {"en": {"text": "...", "options": ["...", "..."]}, ...}. */
export type QuestionTexts = Partial<Record<Locale, { text: string; options: string[] }>>

export interface QuestionRow {
  id: number
  exhibition_id: number
  kind: SurveyKind
  required: boolean
  position: number
  hidden: boolean
  option_count: number
  texts: QuestionTexts
}

const QUESTION_COLUMNS = 'id, exhibition_id, kind, required, position, hidden, option_count, texts'

export async function questionsOf(db: Queryable, exhibitionId: number, visibleOnly = false): Promise<QuestionRow[]> {
  const result = await db.query<QuestionRow>(
    `select ${QUESTION_COLUMNS} from survey_questions where exhibition_id = $1 ${visibleOnly ? 'and not hidden' : ''} order by position, id`,
    [exhibitionId],
  )
  return result.rows
}

export async function questionById(db: Queryable, id: number): Promise<QuestionRow | null> {
  const result = await db.query<QuestionRow>(`select ${QUESTION_COLUMNS} from survey_questions where id = $1`, [id])
  return result.rows[0] ?? null
}

export interface QuestionFields {
  kind: SurveyKind
  required: boolean
  hidden: boolean
  optionCount: number
  texts: QuestionTexts
}

export async function insertQuestion(db: Queryable, exhibitionId: number, fields: QuestionFields): Promise<number> {
  const result = await db.query<{ id: number }>(
    `insert into survey_questions (exhibition_id, kind, required, hidden, option_count, texts, position)
     values ($1, $2, $3, $4, $5, $6, coalesce((select max(position) + 1 from survey_questions where exhibition_id = $1), 0))
     returning id`,
    [exhibitionId, fields.kind, fields.required, fields.hidden, fields.optionCount, JSON.stringify(fields.texts)],
  )
  return result.rows[0]?.id as number
}

export async function updateQuestion(db: Queryable, id: number, fields: QuestionFields): Promise<void> {
  await db.query('update survey_questions set kind = $2, required = $3, hidden = $4, option_count = $5, texts = $6, updated_at = now() where id = $1', [
    id,
    fields.kind,
    fields.required,
    fields.hidden,
    fields.optionCount,
    JSON.stringify(fields.texts),
  ])
}

export async function deleteQuestion(db: Queryable, id: number): Promise<void> {
  await db.query('delete from survey_questions where id = $1', [id])
}

export async function setPositions(db: Queryable, exhibitionId: number, ids: readonly number[]): Promise<void> {
  await db.query(
    `update survey_questions q set position = o.position - 1, updated_at = now()
     from unnest($2::int[]) with ordinality as o (id, position) where q.id = o.id and q.exhibition_id = $1`,
    [exhibitionId, ids],
  )
}

/**
 * Serialises the console's changes to one exhibition's questions (and its answers' arrival is checked
 * inside the same lock): two members saving at once cannot both pass the "no answers yet" check.
 */
export async function lockExhibition(db: Queryable, exhibitionId: number): Promise<{ id: number; ends_at: Date } | null> {
  const result = await db.query<{ id: number; ends_at: Date }>('select id, ends_at from exhibitions where id = $1 for update', [exhibitionId])
  return result.rows[0] ?? null
}

export async function counts(db: Queryable, exhibitionId: number): Promise<{ answers: number; invitations: number }> {
  const result = await db.query<{ answers: number; invitations: number }>(
    `select (select count(*)::int from survey_answers where exhibition_id = $1) as answers,
            (select count(*)::int from survey_invitations where exhibition_id = $1) as invitations`,
    [exhibitionId],
  )
  return result.rows[0] ?? { answers: 0, invitations: 0 }
}

export interface InvitationRow {
  ticket_id: string
  exhibition_id: number
  locale: string
  expires_at: Date
  answered_at: Date | null
}

export async function invitationByHash(db: Queryable, tokenHash: Buffer): Promise<InvitationRow | null> {
  const result = await db.query<InvitationRow>(
    `select i.ticket_id, i.exhibition_id, i.locale, i.expires_at, a.answered_at
     from survey_invitations i left join survey_answers a on a.ticket_id = i.ticket_id
     where i.token_hash = $1`,
    [tokenHash],
  )
  return result.rows[0] ?? null
}

/** Null when the ticket has answered already (another submit got in first). */
export async function insertAnswer(db: Queryable, ticketId: string, exhibitionId: number, locale: string): Promise<{ id: string; answered_at: Date } | null> {
  const result = await db.query<{ id: string; answered_at: Date }>(
    `insert into survey_answers (ticket_id, exhibition_id, locale) values ($1, $2, $3)
     on conflict (ticket_id) do nothing returning id, answered_at`,
    [ticketId, exhibitionId, locale],
  )
  return result.rows[0] ?? null
}

export interface AnswerItem {
  questionId: number
  rating: number | null
  choices: number[] | null
  text: string | null
}

export async function insertItems(db: Queryable, answerId: string, items: readonly AnswerItem[]): Promise<void> {
  if (!items.length) return
  await db.query(
    `insert into survey_answer_items (answer_id, question_id, rating, choices, text_value)
     select $1, item.question_id, item.rating, case when item.choices is null then null else array(select jsonb_array_elements_text(item.choices)::smallint) end, item.text_value
     from jsonb_to_recordset($2::jsonb) as item (question_id int, rating smallint, choices jsonb, text_value text)`,
    [answerId, JSON.stringify(items.map((item) => ({ question_id: item.questionId, rating: item.rating, choices: item.choices, text_value: item.text })))],
  )
}

/** What the results' charts count, per question. */
export async function tallies(db: Queryable, exhibitionId: number) {
  const [answered, ratings, choices] = await Promise.all([
    db.query<{ question_id: number; n: number }>(
      `select i.question_id, count(*)::int as n from survey_answer_items i join survey_answers a on a.id = i.answer_id
       where a.exhibition_id = $1 group by i.question_id`,
      [exhibitionId],
    ),
    db.query<{ question_id: number; rating: number; n: number }>(
      `select i.question_id, i.rating, count(*)::int as n from survey_answer_items i join survey_answers a on a.id = i.answer_id
       where a.exhibition_id = $1 and i.rating is not null group by i.question_id, i.rating`,
      [exhibitionId],
    ),
    db.query<{ question_id: number; choice: number; n: number }>(
      `select i.question_id, c.choice, count(*)::int as n from survey_answer_items i join survey_answers a on a.id = i.answer_id
       cross join lateral unnest(i.choices) as c (choice)
       where a.exhibition_id = $1 group by i.question_id, c.choice`,
      [exhibitionId],
    ),
  ])
  return { answered: answered.rows, ratings: ratings.rows, choices: choices.rows }
}

export async function textAnswers(db: Queryable, questionId: number, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    db.query<{ text_value: string; answered_at: Date }>(
      `select i.text_value, a.answered_at from survey_answer_items i join survey_answers a on a.id = i.answer_id
       where i.question_id = $1 and i.text_value is not null order by a.answered_at desc, a.id desc limit $2 offset $3`,
      [questionId, limit, offset],
    ),
    db.query<{ n: number }>('select count(*)::int as n from survey_answer_items where question_id = $1 and text_value is not null', [questionId]),
  ])
  return { items: items.rows, total: total.rows[0]?.n ?? 0 }
}

export interface ExportAnswerRow {
  id: string
  answered_at: Date
  locale: string
  order_number: string
  items: Array<{ question_id: number; rating: number | null; choices: number[] | null; text_value: string | null }>
}

/** One exhibition's answers for a cursor, in the order they came (the id settles a tie in time), each with its items. */
export function exportAnswers(exhibitionId: number): { sql: string; params: unknown[] } {
  return {
    sql: `select a.id, a.answered_at, a.locale, o.number as order_number,
       coalesce((select jsonb_agg(jsonb_build_object('question_id', i.question_id, 'rating', i.rating, 'choices', to_jsonb(i.choices), 'text_value', i.text_value))
                 from survey_answer_items i where i.answer_id = a.id), '[]'::jsonb) as items
     from survey_answers a join e_tickets t on t.id = a.ticket_id join ticket_orders o on o.id = t.order_id
     where a.exhibition_id = $1 order by a.answered_at, a.id`,
    params: [exhibitionId],
  }
}

export async function countAnswers(db: Queryable, exhibitionId: number): Promise<number> {
  const result = await db.query<{ n: number }>('select count(*)::int as n from survey_answers where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.n ?? 0
}

export interface InvitationCandidate {
  ticket_id: string
  exhibition_id: number
  locale: string
  email: string
  first_name: string
  last_name: string
  ends_at: Date
}

/**
 * Checked-in tickets of exhibitions that ended (within the mailing window) and have a visible
 * question, without an invitation yet. Read without locks: the insert below is what claims a ticket.
 */
export async function invitationCandidates(db: Queryable, now: Date, windowDays: number, limit: number): Promise<InvitationCandidate[]> {
  const result = await db.query<InvitationCandidate>(
    `select t.id as ticket_id, t.exhibition_id, o.locale, a.email, a.first_name, a.last_name, e.ends_at
     from e_tickets t
     join ticket_orders o on o.id = t.order_id and o.status = 'paid'
     join ticket_attendees a on a.id = t.attendee_id
     join exhibitions e on e.id = t.exhibition_id
     where e.ends_at <= $1 and e.ends_at > $1 - make_interval(days => $2)
       and exists (select 1 from checkin_scans c where c.ticket_id = t.id and c.outcome = 'checkedIn' and c.undone_at is null)
       and exists (select 1 from survey_questions q where q.exhibition_id = t.exhibition_id and not q.hidden)
       and not exists (select 1 from survey_invitations i where i.ticket_id = t.id)
     order by e.ends_at, t.id
     limit $3`,
    [now, windowDays, limit],
  )
  return result.rows
}

/**
 * Claims a ticket's one invitation: a second instance inserting the same ticket waits for this
 * transaction and then inserts nothing, so only the winner mails.
 */
export async function claimInvitation(
  db: Queryable,
  row: { ticketId: string; exhibitionId: number; tokenHash: Buffer; locale: string; email: string; expiresAt: Date },
): Promise<boolean> {
  const result = await db.query(
    `insert into survey_invitations (ticket_id, exhibition_id, token_hash, locale, email, expires_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (ticket_id) do nothing returning ticket_id`,
    [row.ticketId, row.exhibitionId, row.tokenHash, row.locale, row.email, row.expiresAt],
  )
  return result.rows.length > 0
}
