import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/console-survey.ts'
import { SURVEY_LIMITS } from '../../../shared/rules/survey.ts'
import { LOCALES, localeOf } from '../../../shared/languages.ts'
import type { Database, Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { consoleStrings } from '../kit/strings.ts'
import type { Cell } from '../kit/csv.ts'
import { cursorBatches, type ExportSource } from '../kit/export-table.ts'
import { exhibitionTitle } from '../tickets/index.ts'
import type { StaffActor } from '../staff-actor.ts'
import { questionIn } from './question-texts.ts'
import * as repo from './survey.repo.ts'

type SaveInput = z.output<typeof contracts.saveSurveyQuestion.payload>
type Editor = z.output<typeof contracts.surveyEditor.result>
type Results = z.output<typeof contracts.surveyResults.result>

const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** An exhibition outside the member's limits does not exist for them. */
function inScope(actor: StaffActor, exhibitionId: number): void {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw exhibitionNotFound()
}

export async function surveyEditor(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<Editor> {
  inScope(actor, exhibitionId)
  const exhibition = await db.query<{ id: number; ends_at: Date }>('select id, ends_at from exhibitions where id = $1', [exhibitionId])
  const row = exhibition.rows[0]
  if (!row) throw exhibitionNotFound()
  const [title, questions, counts] = await Promise.all([
    exhibitionTitle(db, exhibitionId, actor.locale),
    repo.questionsOf(db, exhibitionId),
    repo.counts(db, exhibitionId),
  ])
  return {
    exhibition: { id: row.id, title: title ?? '', endsAt: row.ends_at.toISOString(), ended: row.ends_at.getTime() <= Date.now() },
    questions: questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      required: question.required,
      hidden: question.hidden,
      position: question.position,
      texts: question.texts,
    })),
    ...counts,
  }
}

/**
 * The stored form of a question: its languages that have a text, and for choices the options, the
 * same number in every language that names them (English decides how many).
 */
function fieldsOf(input: SaveInput): repo.QuestionFields {
  const choice = input.kind === 'single' || input.kind === 'multiple'
  const english = input.texts.en?.options ?? []
  const errors: Record<string, string> = {}
  if (choice && (english.length < SURVEY_LIMITS.optionsMin || english.some((option) => !option))) errors['texts.en.options'] = 'console:errors.surveyOptions'
  const texts: repo.QuestionTexts = {}
  for (const locale of LOCALES) {
    const text = input.texts[locale]
    if (!text?.text) continue
    const options = choice ? text.options : []
    const named = options.filter(Boolean)
    if (choice && locale !== 'en' && named.length > 0 && (options.length !== english.length || named.length !== options.length)) {
      errors[`texts.${locale}.options`] = 'console:errors.surveyOptionsEach'
    }
    texts[locale] = { text: text.text, options: named.length ? options : [] }
  }
  if (Object.keys(errors).length) throw invalid(errors)
  return { kind: input.kind, required: input.required, hidden: input.hidden, optionCount: choice ? english.length : 0, texts }
}

/** Each change to the questions: in one transaction with its audit row, the exhibition locked. */
async function change(
  db: Database,
  platform: Platform,
  actor: StaffActor,
  exhibitionId: number,
  work: (tx: Queryable, answered: boolean) => Promise<{ target: string; before: unknown; after: unknown; fn: string }>,
) {
  inScope(actor, exhibitionId)
  await db.transaction(async (tx) => {
    if (!(await repo.lockExhibition(tx, exhibitionId))) throw exhibitionNotFound()
    const { answers } = await repo.counts(tx, exhibitionId)
    const done = await work(tx, answers > 0)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: done.fn, target: done.target, before: done.before, after: done.after },
    )
  })
  return surveyEditor(db, actor, exhibitionId)
}

async function questionOf(tx: Queryable, exhibitionId: number, id: number): Promise<repo.QuestionRow> {
  const question = await repo.questionById(tx, id)
  if (question?.exhibition_id !== exhibitionId) throw notFound('console:errors.surveyQuestionNotFound')
  return question
}

/**
 * Adds or changes a question. Once answers exist, a question keeps its kind and its number of
 * options (the answers count options by place); its texts, required flag and visibility may change.
 */
export function saveSurveyQuestion(db: Database, platform: Platform, actor: StaffActor, input: SaveInput) {
  const fields = fieldsOf(input)
  return change(db, platform, actor, input.exhibitionId, async (tx, answered) => {
    if (input.id === undefined) {
      const existing = await repo.questionsOf(tx, input.exhibitionId)
      if (existing.length >= SURVEY_LIMITS.questionsMax) throw conflict('console:errors.surveyTooMany', { max: SURVEY_LIMITS.questionsMax })
      const id = await repo.insertQuestion(tx, input.exhibitionId, fields)
      return { fn: 'console$saveSurveyQuestion', target: `surveyQuestion:${id}`, before: null, after: await repo.questionById(tx, id) }
    }
    const before = await questionOf(tx, input.exhibitionId, input.id)
    if (answered && (before.kind !== fields.kind || before.option_count !== fields.optionCount)) throw conflict('console:errors.surveyAnsweredShape')
    await repo.updateQuestion(tx, input.id, fields)
    return { fn: 'console$saveSurveyQuestion', target: `surveyQuestion:${input.id}`, before, after: await repo.questionById(tx, input.id) }
  })
}

/** Deletes a question nobody has answered yet; after the first answer it can only be hidden. */
export function deleteSurveyQuestion(db: Database, platform: Platform, actor: StaffActor, exhibitionId: number, id: number) {
  return change(db, platform, actor, exhibitionId, async (tx, answered) => {
    const before = await questionOf(tx, exhibitionId, id)
    if (answered) throw conflict('console:errors.surveyAnswered')
    await repo.deleteQuestion(tx, id)
    return { fn: 'console$deleteSurveyQuestion', target: `surveyQuestion:${id}`, before, after: null }
  })
}

/** A new order of every question of the exhibition (the list must name each exactly once). */
export function reorderSurveyQuestions(db: Database, platform: Platform, actor: StaffActor, exhibitionId: number, ids: readonly number[]) {
  return change(db, platform, actor, exhibitionId, async (tx) => {
    const before = (await repo.questionsOf(tx, exhibitionId)).map((question) => question.id)
    if (ids.length !== before.length || new Set(ids).size !== ids.length || !ids.every((id) => before.includes(id))) throw invalid({ ids: 'errors.invalid' })
    await repo.setPositions(tx, exhibitionId, ids)
    return { fn: 'console$reorderSurveyQuestions', target: `exhibition:${exhibitionId}`, before: { order: before }, after: { order: ids } }
  })
}

/** The charts' numbers: per option, per star, the average, and a page of each free-text question. */
export async function surveyResults(db: Queryable, actor: StaffActor, request: z.output<typeof contracts.surveyResults.payload>): Promise<Results> {
  inScope(actor, request.exhibitionId)
  const exists = await db.query('select 1 from exhibitions where id = $1', [request.exhibitionId])
  if (!exists.rowCount) throw exhibitionNotFound()
  const [questions, counts, tallies] = await Promise.all([
    repo.questionsOf(db, request.exhibitionId),
    repo.counts(db, request.exhibitionId),
    repo.tallies(db, request.exhibitionId),
  ])
  const pageSize = SURVEY_LIMITS.textPageSize
  const results = await Promise.all(
    questions.map(async (question) => {
      const { text, options } = questionIn(question, actor.locale)
      const ratings = [1, 2, 3, 4, 5].map((stars) => tallies.ratings.find((row) => row.question_id === question.id && row.rating === stars)?.n ?? 0)
      const rated = ratings.reduce((sum, n) => sum + n, 0)
      const page = request.textQuestionId === question.id ? request.textPage : 1
      const texts = question.kind === 'text' ? await repo.textAnswers(db, question.id, pageSize, (page - 1) * pageSize) : { items: [], total: 0 }
      return {
        id: question.id,
        kind: question.kind,
        text,
        hidden: question.hidden,
        answered: tallies.answered.find((row) => row.question_id === question.id)?.n ?? 0,
        options: options.map((label, index) => ({
          label,
          count: tallies.choices.find((row) => row.question_id === question.id && row.choice === index)?.n ?? 0,
        })),
        ratings: question.kind === 'rating' ? ratings : [],
        average: question.kind === 'rating' && rated ? Math.round((ratings.reduce((sum, n, index) => sum + n * (index + 1), 0) / rated) * 100) / 100 : null,
        texts: { items: texts.items.map((item) => ({ text: item.text_value, answeredAt: item.answered_at.toISOString() })), total: texts.total, page },
      }
    }),
  )
  return { ...counts, pageSize, questions: results }
}

/**
 * The answers as a streamed file (docs/product.md#streamed-exports): one row per answer (when, in which
 * language, the order), then one column per question in the member's language. Answers are personal
 * enough to audit their export (`console$surveyExport`), as the other exports do.
 */
export const SURVEY_EXPORT: ExportSource = {
  audit: () => ({ function: 'console$surveyExport', after: {} }),
  count: (tx, exhibitionId) => repo.countAnswers(tx, exhibitionId),
  async table(tx, request, batchRows) {
    const t = consoleStrings(request.language)
    const locale = localeOf(request.language)
    const shown = (await repo.questionsOf(tx, request.exhibitionId)).map((question) => ({ question, ...questionIn(question, locale) }))
    return {
      header: [t('survey.columns.answeredAt'), t('survey.columns.language'), t('survey.columns.order'), ...shown.map((column) => column.text)],
      batches: cursorBatches<repo.ExportAnswerRow>(tx, repo.exportAnswers(request.exhibitionId), batchRows, (answers) =>
        answers.map((answer) => [
          answer.answered_at.toISOString(),
          answer.locale,
          answer.order_number,
          ...shown.map(({ question, options }): Cell => {
            const item = answer.items.find((candidate) => candidate.question_id === question.id)
            if (!item) return null
            if (item.rating !== null) return item.rating
            if (item.choices) return item.choices.map((index) => options[index] ?? String(index + 1)).join('; ')
            return item.text_value
          }),
        ]),
      ),
    }
  },
}
