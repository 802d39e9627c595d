import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { ERASED } from '../../../../shared/rules/console-visitors.ts'
import type { Queryable } from '../../../db/client.ts'
import { APPLICATIONS_OF } from '../../applications/index.ts'
import { escapeHtml } from '../../kit/escape.ts'

/**
 * What identifies a person in rows that do not point at their account (docs/decisions/0014-erasure-map.md):
 * their addresses (the account's, and those they applied with while signed in), the phones and
 * names they or others typed next to one of those addresses, and the nick. Only what sits next to
 * one of their addresses counts as theirs: a name or phone alone could be a namesake's.
 */
export interface PersonTraces {
  /** Lower case. */
  emails: string[]
  /** E.164. */
  phones: string[]
  /** Ticket rows that are theirs (one of their addresses): on their own orders and on anyone else's. */
  attendeeIds: string[]
  /** Whole names, as written and in the orders people write them in (王小明, 小明 王, Ada Lovelace, Lovelace Ada). */
  names: string[]
  /** Single given names and surnames: masked only where a value is exactly one of them, in a row that names them otherwise. */
  nameParts: string[]
}

const unique = (values: Array<string | null | undefined>) => [...new Set(values.map((value) => value?.trim() ?? '').filter(Boolean))]

export async function personTraces(db: Queryable, accountId: string, email: string, nick: string): Promise<PersonTraces> {
  const applications = (
    await db.query<{
      email: string
      given_name: string | null
      surname: string | null
      contact_person: string | null
      phone_e164: string | null
      own: boolean
    }>(`select a.email, a.given_name, a.surname, a.contact_person, a.phone_e164, a.account_id = $1 as own from applications a where ${APPLICATIONS_OF}`, [
      accountId,
      email,
    ])
  ).rows
  // An address they applied with while signed in is theirs too; one typed by someone else into a form is not known to be.
  const emails = unique([email, ...applications.filter((row) => row.own).map((row) => row.email)]).map((value) => value.toLowerCase())
  const attendees = (
    await db.query<{ id: string; first_name: string; last_name: string; phone_e164: string }>(
      'select id, first_name, last_name, phone_e164 from ticket_attendees where lower(email) = any($1::text[])',
      [emails],
    )
  ).rows
  const pairs = [
    ...attendees.map((row) => [row.first_name, row.last_name] as const),
    ...applications.map((row) => [row.given_name ?? '', row.surname ?? ''] as const),
  ].filter(([first, last]) => first.trim() && last.trim())
  return {
    emails,
    phones: unique([...attendees.map((row) => row.phone_e164), ...applications.map((row) => row.phone_e164)]),
    attendeeIds: attendees.map((row) => row.id),
    names: unique([
      nick,
      ...applications.map((row) => row.contact_person),
      ...pairs.flatMap(([first, last]) => [`${first} ${last}`, `${last} ${first}`, `${last}${first}`, `${first}${last}`]),
    ]).filter(longEnough),
    nameParts: unique(pairs.flat()),
  }
}

/** A nick or name short enough to be part of ordinary words ("Al", "Bob") is matched only as a whole value, never inside text. */
function longEnough(name: string): boolean {
  return /[^\p{Script=Latin}\p{N}\p{P}\s]/u.test(name) ? name.length >= 2 : name.length >= 4
}

/** A phone as people write it: E.164, international and national format, and the bare digits. */
function phoneForms(e164: string): string[] {
  const parsed = parsePhoneNumberFromString(e164)
  return unique([e164, e164.slice(1), parsed?.formatInternational(), parsed?.formatNational()])
}

interface Needle {
  text: string
  marker: string
}

function needlesOf(traces: PersonTraces): Needle[] {
  const phone = `${ERASED.phonePrefix}00`
  const needles = [
    ...traces.emails.map((text) => ({ text, marker: ERASED.email })),
    ...traces.phones.flatMap(phoneForms).map((text) => ({ text, marker: phone })),
    ...traces.names.map((text) => ({ text, marker: ERASED.name })),
  ]
  // Longest first, so a whole name is replaced before a shorter form inside it.
  return needles.sort((a, b) => b.text.length - a.text.length)
}

/** What to look for in stored text (lower case, and as it reads in an HTML mail): any of these means the text names them. */
export function searchTerms(traces: PersonTraces): string[] {
  return unique(needlesOf(traces).flatMap((needle) => [needle.text, escapeHtml(needle.text)])).map((text) => text.toLowerCase())
}

const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text with their addresses, phones and names replaced by the erased markers (without case). */
export function redactText(text: string, traces: PersonTraces): string {
  let result = text
  for (const needle of needlesOf(traces)) {
    for (const form of unique([needle.text, escapeHtml(needle.text)])) result = result.replace(new RegExp(pattern(form), 'giu'), needle.marker)
  }
  return result
}

/**
 * What an attendee's record (a staff correction's before and after) says of where they work: in a row that
 * names them, masked whatever it says, since a company and a job title single a person out and an old
 * value is known nowhere else (docs/product.md#attendee-company).
 */
const WORK_KEYS = ['company', 'jobTitle']
const isAttendeeRecord = (value: object) => 'firstName' in value && 'lastName' in value

/** A JSON value with every string redacted, and a string that is exactly one of their given names or surnames masked. */
export function redactJson(value: unknown, traces: PersonTraces): unknown {
  if (typeof value === 'string') {
    const lowered = value.trim().toLowerCase()
    if (traces.nameParts.some((part) => part.toLowerCase() === lowered)) return ERASED.name
    return redactText(value, traces)
  }
  if (Array.isArray(value)) return value.map((item) => redactJson(item, traces))
  if (value && typeof value === 'object') {
    const attendee = isAttendeeRecord(value)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        attendee && WORK_KEYS.includes(key) && typeof item === 'string' && item ? ERASED.name : redactJson(item, traces),
      ]),
    )
  }
  return value
}
