import { toCsv as csvFile } from '../kit/csv.ts'
import type { OrganiserRow } from './applications.repo.ts'

/**
 * What the organiser gets from `npm run applications`: a CSV file for spreadsheets and a plain table
 * for the terminal. Every value is an applicant's text, so neither may let it act: cells that a
 * spreadsheet would read as a formula are defused (OWASP "CSV injection"), and terminal output loses
 * its control characters (no escape sequences from an applicant reach the organiser's terminal).
 */

export const CSV_COLUMNS = [
  ['reference', 'Reference'],
  ['submitted_at', 'Submitted (UTC)'],
  ['kind', 'Kind'],
  ['status', 'Status'],
  ['exhibition_id', 'Exhibition id'],
  ['exhibition', 'Exhibition'],
  ['company_name', 'Company'],
  ['website', 'Website'],
  ['contact_person', 'Contact person'],
  ['surname', 'Surname'],
  ['given_name', 'Given name'],
  ['position', 'Position'],
  ['identity', 'Identity'],
  ['industry', 'Industry'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['booth', 'Booth'],
  ['method', 'Exhibiting as'],
  ['language', 'Language'],
  ['account', 'Logged in'],
] as const

type ColumnKey = (typeof CSV_COLUMNS)[number][0]

export function boothOf(row: Pick<OrganiserRow, 'booth_size' | 'booth_width_m' | 'booth_depth_m'>): string {
  if (!row.booth_size) return ''
  if (row.booth_size !== 'custom') return `${row.booth_size} m`
  return `custom ${Number(row.booth_width_m)}x${Number(row.booth_depth_m)} m`
}

export function recordOf(row: OrganiserRow): Record<ColumnKey, string> {
  return {
    reference: row.reference,
    submitted_at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    status: row.status,
    exhibition_id: String(row.exhibition_id),
    exhibition: row.exhibition_title,
    company_name: row.company_name ?? '',
    website: row.website ?? '',
    contact_person: row.contact_person ?? '',
    surname: row.surname ?? '',
    given_name: row.given_name ?? '',
    position: row.position ?? '',
    identity: row.identity ?? '',
    industry: row.industry ?? '',
    email: row.email,
    phone: row.phone_e164 ?? '',
    booth: boothOf(row),
    method: row.exhibiting_method ?? '',
    language: row.locale,
    account: row.linked_account ? 'yes' : 'no',
  }
}

/** The whole file as the console's exports write it (server/platform/kit/csv.ts), as text for the terminal or a file. */
export function toCsv(rows: OrganiserRow[]): string {
  const header = CSV_COLUMNS.map(([, title]) => title)
  const records = rows.map((row) => {
    const record = recordOf(row)
    return CSV_COLUMNS.map(([key]) => record[key])
  })
  return csvFile(header, records).toString('utf8')
}

/** Control characters (and bidi overrides) shown as visible escapes in the terminal. */
export function terminalSafe(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const TABLE_COLUMNS: Array<[string, (record: Record<ColumnKey, string>) => string, number]> = [
  ['REFERENCE', (record) => record.reference, 11],
  ['SUBMITTED', (record) => record.submitted_at.slice(0, 16).replace('T', ' '), 16],
  ['KIND', (record) => record.kind, 9],
  ['STATUS', (record) => record.status, 9],
  ['EXHIBITION', (record) => record.exhibition, 24],
  ['APPLICANT', (record) => (record.kind === 'exhibitor' ? record.company_name : `${record.given_name} ${record.surname}`), 24],
  ['EMAIL', (record) => record.email, 28],
  ['PHONE', (record) => record.phone, 16],
  ['BOOTH', (record) => record.booth, 16],
]

function fitCell(value: string, width: number): string {
  const safe = terminalSafe(value)
  const characters = [...safe]
  return characters.length > width ? `${characters.slice(0, width - 1).join('')}…` : safe.padEnd(width)
}

export function toTable(rows: OrganiserRow[]): string {
  const header = TABLE_COLUMNS.map(([title, , width]) => title.padEnd(width)).join('  ')
  const lines = rows.map((row) => {
    const record = recordOf(row)
    return TABLE_COLUMNS.map(([, pick, width]) => fitCell(pick(record), width)).join('  ')
  })
  return [header, ...lines].join('\n')
}
