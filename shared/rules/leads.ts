/**
 * Leads (docs/product.md#leads): what an attendee may let exhibitors who scan their badge receive, and
 * how exhibitor teams qualify the leads they capture. Shared by the pages, the contracts and the server.
 */

import { hasUnstorableControl } from './text.ts'

/**
 * The contact details an attendee may share, each chosen on its own; nothing by default. `company` and
 * `position` (the job title) are shared only when given: an empty field shares nothing.
 */
export const LEAD_FIELDS = ['name', 'company', 'position', 'email', 'phone'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]

export const LEAD_RATINGS = ['hot', 'warm', 'cold'] as const
export type LeadRating = (typeof LEAD_RATINGS)[number]

export const LEAD_LIMITS = {
  notes: 2000,
  tags: 10,
  tag: 30,
  /** A typed order code or name. */
  query: 80,
  /** Leads per page of the team's list. */
  page: 50,
  /** The exhibitor's own questions (docs/product.md#lead-questions). */
  questions: 10,
  question: 120,
  options: 10,
  option: 60,
  /** A free-text answer. */
  answer: 500,
  /** Queued scans in one `lead$sync`: a phone that was offline all day sends its hundreds in a few calls. */
  batch: 200,
  /** Times one queued entry may say its ticket was scanned on the device before it went out. */
  scansPerEntry: 1000,
} as const

/** The kinds of the exhibitor's own questions: a line of text, one of the admin's options, or yes / no. */
export const LEAD_QUESTION_KINDS = ['text', 'choice', 'yesno'] as const
export type LeadQuestionKind = (typeof LEAD_QUESTION_KINDS)[number]
/** A choice question offers at least two options. */
export const LEAD_MIN_OPTIONS = 2

/**
 * What `lead$sync` says of each queued scan (docs/product.md#leads-offline): a new lead, one the team
 * already had (from this device or another), or a refusal the device could not know of offline.
 */
export const LEAD_SYNC_OUTCOMES = ['added', 'repeated', 'badCode', 'otherExhibition', 'voided'] as const
export type LeadSyncOutcome = (typeof LEAD_SYNC_OUTCOMES)[number]

/** Why capture is off for an exhibitor (docs/product.md#lead-capture-rule): the exhibition's switch, or its booth package. */
export const CAPTURE_REFUSALS = ['exhibition', 'package'] as const
export type CaptureRefusal = (typeof CAPTURE_REFUSALS)[number]

export const LEAD_MESSAGES = {
  badCode: 'leads:errors.badCode',
  otherExhibition: 'leads:errors.otherExhibition',
  voided: 'leads:errors.voided',
  captureOff: 'leads:errors.captureOff',
  packageOff: 'leads:errors.packageOff',
  notFound: 'leads:errors.notFound',
  ticketNotFound: 'leads:errors.ticketNotFound',
  ambiguous: 'leads:errors.ambiguous',
  nameNotFound: 'leads:errors.nameNotFound',
  nameAmbiguous: 'leads:errors.nameAmbiguous',
  tag: 'leads:errors.tag',
  tooManyTags: 'leads:errors.tooManyTags',
  notesTooLong: 'leads:errors.notesTooLong',
  question: 'leads:errors.question',
  option: 'leads:errors.option',
  options: 'leads:errors.options',
  optionsRepeated: 'leads:errors.optionsRepeated',
  tooManyQuestions: 'leads:errors.tooManyQuestions',
  questionNotFound: 'leads:errors.questionNotFound',
  answerText: 'leads:errors.answerText',
  answerChoice: 'leads:errors.answerChoice',
  answerYesNo: 'leads:errors.answerYesNo',
  tooManyScans: 'leads:errors.tooManyScans',
} as const

/** An option or a label as kept: trimmed, inner spaces collapsed (case kept: it is the team's own wording). */
export function cleanLabel(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

/** A keyset cursor of the team's list: the last lead's latest scan (microseconds, UTC) and id. */
export const LEAD_CURSOR = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z~\d{1,15}$/

/** A tag as kept: trimmed, inner spaces collapsed, lower case (so "VIP" and "vip " are one tag). */
export function cleanTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** A question as its answers are checked against it. */
export interface LeadQuestionShape {
  kind: LeadQuestionKind
  options: readonly string[]
}

/** An answer as the page sends it: text or an option's text, yes (true) / no (false), or null to clear. */
export type LeadAnswerValue = string | boolean | null

/**
 * The answer as kept (docs/product.md#lead-questions): text for every kind, 'yes' or 'no' for yes / no;
 * null clears it (an empty text too). Otherwise the message key saying why it cannot be kept.
 */
export function keptAnswer(question: LeadQuestionShape, value: LeadAnswerValue): { value: string | null } | { problem: string } {
  if (value === null) return { value: null }
  if (question.kind === 'yesno') return typeof value === 'boolean' ? { value: value ? 'yes' : 'no' } : { problem: LEAD_MESSAGES.answerYesNo }
  if (typeof value !== 'string') return { problem: question.kind === 'choice' ? LEAD_MESSAGES.answerChoice : LEAD_MESSAGES.answerText }
  if (question.kind === 'choice') return question.options.includes(value) ? { value } : { problem: LEAD_MESSAGES.answerChoice }
  const text = value.trim()
  if (text.length > LEAD_LIMITS.answer || hasUnstorableControl(text)) return { problem: LEAD_MESSAGES.answerText }
  return { value: text || null }
}

/** A kept answer as the page reads it: yes / no as a boolean, the rest as text. */
export function shownAnswer(kind: LeadQuestionKind, kept: string): string | boolean {
  return kind === 'yesno' ? kept === 'yes' : kept
}
