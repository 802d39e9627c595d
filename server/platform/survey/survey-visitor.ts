import { createHash, randomBytes } from 'node:crypto'
import { checkSurveyAnswers, type SurveyQuestionView } from '../../../shared/rules/survey.ts'
import type { Locale } from '../../../shared/languages.ts'
import type { Database, Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import { questionIn } from './question-texts.ts'
import * as repo from './survey.repo.ts'

/** A token for a personal link, and the hash that is all the database keeps of it. */
export function newSurveyToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashOf(token) }
}

export const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest()

/** Guessing tokens is hopeless (256 bits), but each try costs a query: an address gets this many a minute. */
export const SURVEY_ADDRESS: RateRule = { name: 'survey.address', points: 30, durationSeconds: 60 }

const surveyNotFound = () => notFound('survey:errors.notFound')

/** A live invitation of this token, or the survey's 404 (unknown, or past its time). */
async function invitationOf(db: Queryable, token: string): Promise<repo.InvitationRow> {
  const invitation = await repo.invitationByHash(db, hashOf(token))
  if (!invitation || invitation.expires_at.getTime() <= Date.now()) throw surveyNotFound()
  return invitation
}

export async function visibleQuestions(db: Queryable, exhibitionId: number, locale: Locale): Promise<SurveyQuestionView[]> {
  const rows = await repo.questionsOf(db, exhibitionId, true)
  return rows.map((row) => ({ id: row.id, kind: row.kind, required: row.required, ...questionIn(row, locale) }))
}

export async function surveyForm(platform: Platform, token: string, locale: Locale, address: string) {
  await platform.rateLimits.consume(SURVEY_ADDRESS, address || 'unknown')
  const invitation = await invitationOf(platform.db, token)
  const exhibition = await platform.services.exhibitions.getById(invitation.exhibition_id, locale)
  if (!exhibition) throw surveyNotFound()
  return {
    exhibition: { title: exhibition.title, city: exhibition.city, startsAt: exhibition.startsAt, endsAt: exhibition.endsAt, timeZone: exhibition.timeZone },
    questions: await visibleQuestions(platform.db, invitation.exhibition_id, locale),
    answeredAt: invitation.answered_at?.toISOString() ?? null,
  }
}

/**
 * Takes a ticket's one answer. The answers are checked against the questions the visitor was shown
 * (field errors keyed `q<id>`, as the form names its fields); the insert into survey_answers is the
 * judge between racing submits: the loser is told "already answered", never a second row.
 */
export async function submitSurvey(platform: Platform, db: Database, token: string, answers: Record<string, unknown>, locale: Locale, address: string) {
  await platform.rateLimits.consume(SURVEY_ADDRESS, address || 'unknown')
  const invitation = await invitationOf(db, token)
  if (invitation.answered_at) throw conflict('survey:errors.answered')
  const questions = await visibleQuestions(db, invitation.exhibition_id, locale)
  const { errors, clean } = checkSurveyAnswers(questions, answers)
  if (Object.keys(errors).length) throw invalid(Object.fromEntries(Object.entries(errors).map(([id, key]) => [`q${id}`, key])), 'survey:errors.check')
  const answered = await db.transaction(async (tx) => {
    const answer = await repo.insertAnswer(tx, invitation.ticket_id, invitation.exhibition_id, locale)
    if (!answer) return null
    await repo.insertItems(
      tx,
      answer.id,
      Object.entries(clean).map(([id, value]) => ({
        questionId: Number(id),
        rating: typeof value === 'number' && questions.find((question) => question.id === Number(id))?.kind === 'rating' ? value : null,
        choices: Array.isArray(value)
          ? value
          : typeof value === 'number' && questions.find((question) => question.id === Number(id))?.kind === 'single'
            ? [value]
            : null,
        text: typeof value === 'string' ? value : null,
      })),
    )
    return answer
  })
  if (!answered) throw conflict('survey:errors.answered')
  return { answeredAt: answered.answered_at.toISOString() }
}
