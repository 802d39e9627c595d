import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { applicationKind, applicationStatus } from '../../../shared/contracts/applications.ts'
import { REVIEW_LIMITS } from '../../../shared/rules/applications.ts'
import type { Database } from '../../db/client.ts'
import { DomainError } from '../errors.ts'
import { audit } from '../staff/index.ts'
import { consoleStrings } from '../kit/strings.ts'
import { type DecisionMailSettings, decide } from './applications.decide.ts'
import { toCsv, toTable } from './applications.export.ts'
import { listForOrganiser, type OrganiserFilters } from './applications.repo.ts'

export const USAGE = `Usage:
  npm run applications -- list   [filters]                 applications as a table, newest first
  npm run applications -- export [filters] [--out FILE]    CSV (UTF-8, spreadsheet-safe) to FILE or stdout
  npm run applications -- status REFERENCE STATUS [--note TEXT]
                                                           decide on one application (the applicant is mailed the status and note)

Filters:
  --kind exhibitor|attendee    --exhibition ID|SLUG    --status ${applicationStatus.options.join('|')}
  --since YYYY-MM-DD           --until YYYY-MM-DD (exclusive, UTC)
  --search TEXT (e-mail, reference, company, names)    --limit N`

export class UsageError extends Error {
  override name = 'UsageError'
}

export interface CliIo {
  out(text: string): void
  err(text: string): void
}

function day(value: string | undefined, option: string): Date | undefined {
  if (value === undefined) return undefined
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(Number.NaN)
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${option} must be a date like 2026-05-01`)
  return date
}

interface FilterOptions {
  kind?: string | undefined
  status?: string | undefined
  exhibition?: string | undefined
  since?: string | undefined
  until?: string | undefined
  search?: string | undefined
  limit?: string | undefined
}

function filtersOf(values: FilterOptions): OrganiserFilters {
  const kind = values.kind === undefined ? undefined : applicationKind.safeParse(values.kind)
  if (kind && !kind.success) throw new UsageError(`--kind must be one of ${applicationKind.options.join(', ')}`)
  const status = values.status === undefined ? undefined : applicationStatus.safeParse(values.status)
  if (status && !status.success) throw new UsageError(`--status must be one of ${applicationStatus.options.join(', ')}`)
  const limit = values.limit === undefined ? undefined : Number(values.limit)
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError('--limit must be a positive whole number')
  if (values.exhibition !== undefined && !/^[\w-]{1,120}$/.test(values.exhibition)) throw new UsageError('--exhibition must be an id or a slug')
  return {
    kind: kind?.data,
    status: status?.data,
    exhibition: values.exhibition,
    since: day(values.since, 'since'),
    until: day(values.until, 'until'),
    search: values.search?.slice(0, 200),
    limit,
  }
}

/** The organiser's CLI, next to the console's review queue (the same rules and mail); returns the exit code. */
export async function runApplicationsCli(args: string[], db: Database, io: CliIo, mail: DecisionMailSettings): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        kind: { type: 'string' },
        exhibition: { type: 'string' },
        status: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        search: { type: 'string' },
        limit: { type: 'string' },
        out: { type: 'string' },
        note: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    const [command, ...rest] = positionals
    if (values.help || !command) {
      io.out(USAGE)
      return values.help ? 0 : 2
    }
    if (command === 'list') {
      const rows = await listForOrganiser(db, filtersOf(values))
      if (!rows.length) io.out('No applications match.')
      else io.out(toTable(rows))
      io.err(`${rows.length} application(s)`)
      return 0
    }
    if (command === 'export') {
      const rows = await listForOrganiser(db, filtersOf(values))
      const csv = toCsv(rows)
      if (values.out) {
        // Personal data: readable by the organiser's account only.
        writeFileSync(values.out, csv, { mode: 0o600 })
        io.err(`${rows.length} application(s) written to ${values.out}`)
      } else {
        io.out(csv)
        io.err(`${rows.length} application(s)`)
      }
      return 0
    }
    if (command === 'status') {
      const [reference, status] = rest
      const parsed = applicationStatus.safeParse(status)
      if (!reference || !parsed.success) throw new UsageError(`status needs a reference and one of ${applicationStatus.options.join(', ')}`)
      const note = values.note?.trim().normalize('NFC').slice(0, REVIEW_LIMITS.note) || null
      try {
        await db.transaction(async (tx) => {
          const { before, after } = await decide(
            tx,
            { reference: reference.toUpperCase(), to: parsed.data, applicantNote: note, internalNote: null, staffId: null },
            mail,
          )
          // A decision from the command line is in the console's audit log too, with no member and no address.
          await audit(
            tx,
            { staffId: null, address: null },
            {
              function: 'cli:applications-status',
              target: `application:${before.reference}`,
              before: { status: before.status, applicantNote: before.applicant_note },
              after: { status: after.status, applicantNote: after.applicant_note },
            },
          )
        })
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        io.err(`${reference.toUpperCase()}: ${consoleStrings('en')(error.code.replace(/^console:/, ''))}`)
        return 1
      }
      io.out(`${reference.toUpperCase()} is now ${parsed.data}`)
      return 0
    }
    throw new UsageError(`Unknown command: ${command}`)
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((error as Error).message)
      io.err(USAGE)
      return 2
    }
    throw error
  }
}
