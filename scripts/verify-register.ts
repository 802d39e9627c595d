// npm run verify -- <command>: the organiser's register of official channels and documents (docs/product.md#verification),
// until the organiser console exists. Uses the same database as the server (DATA_DIR or DATABASE_URL).
// With the embedded database, stop the server first: one process at a time may open its files.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { parseArgs } from 'node:util'
import { pino } from 'pino'
import {
  CHANNEL_KINDS,
  CHANNEL_PURPOSES,
  type ChannelKind,
  type ChannelPurpose,
  DOCUMENT_AUDIENCES,
  type DocumentAudience,
} from '../shared/contracts/verification.ts'
import { ConfigError, parseConfig } from '../server/config.ts'
import { DatabaseOpenError, openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createGeo } from '../server/geo/geo.ts'
import { DomainError } from '../server/platform/errors.ts'
import { createPlatform } from '../server/platform/platform.ts'

const USAGE = `Usage: npm run verify -- <command> [options]

Channels
  list [--kind <kind>]                          every channel: public, non-public and retired
  add <kind> <value> --purpose <purpose> --since <YYYY-MM-DD> [--public] [--note <text>]
                                                add a channel (or update and reinstate it)
  retire <kind> <value> [--on <YYYY-MM-DD>]     no longer ours: answers "was ours until" from then on
  remove <kind> <value>                         delete a channel added by mistake (prefer retire)

Documents
  documents                                     every registered document
  document <file.pdf> --title <t> --issued-to <who> --issued-on <YYYY-MM-DD> --shown-to <audience> [--reference <r>]
  document --sha256 <hex> --title … (the same options)
                                                register a document by its file or its SHA-256
  revoke <sha256> [--on <YYYY-MM-DD>]           the document is no longer valid

kinds:     ${CHANNEL_KINDS.join(', ')}
purposes:  ${CHANNEL_PURPOSES.join(', ')}
audiences: ${DOCUMENT_AUDIENCES.join(', ')}

Examples
  npm run verify -- add phone "+44 20 7946 0000" --purpose general --since 2019-05-01 --public
  npm run verify -- add usdtTrc20 <TRC-20 address> --purpose payments --since 2024-01-01
  npm run verify -- document ./AE-SG26-0142.pdf --title "Exhibitor Agreement" --issued-to "Example Ltd" --issued-on 2026-02-03 --shown-to parties`

/** The register's refusals, for people at a terminal (the codes are the DomainError codes of the service). */
const MESSAGES: Record<string, string> = {
  'verify:register.badKind': `unknown kind; one of ${CHANNEL_KINDS.join(', ')}`,
  'verify:register.badPurpose': `unknown purpose; one of ${CHANNEL_PURPOSES.join(', ')}`,
  'verify:register.badAudience': `unknown audience; one of ${DOCUMENT_AUDIENCES.join(', ')}`,
  'verify:register.badDate': 'dates are YYYY-MM-DD',
  'verify:register.phoneNeedsInternational': 'not a phone number: write it with its country code, e.g. +44 20 7946 0000',
  'verify:register.badEmail': 'not an e-mail address',
  'verify:register.badAddress': 'not a valid address of that network (format or checksum)',
  'verify:register.badHandle': 'not a valid account name for that service',
  'verify:register.badHash': 'a SHA-256 is 64 hexadecimal characters',
  'verify:register.badTitle': 'a title is required (at most 300 characters)',
  'verify:register.badIssuedTo': '--issued-to is required (at most 300 characters)',
  'verify:register.documentExists': 'a document with this SHA-256 is already registered',
}

class UsageError extends Error {}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        kind: { type: 'string' },
        purpose: { type: 'string' },
        since: { type: 'string' },
        public: { type: 'boolean', default: false },
        note: { type: 'string' },
        on: { type: 'string' },
        sha256: { type: 'string' },
        title: { type: 'string' },
        'issued-to': { type: 'string' },
        'issued-on': { type: 'string' },
        'shown-to': { type: 'string' },
        reference: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    process.exit(2)
  }
})()

const [command, ...rest] = positionals
if (!command || values.help) {
  console.log(USAGE)
  process.exit(command || values.help ? 0 : 2)
}

const need = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(`${command}: ${what} is required`)
  return value
}

/** SHA-256 of a file, read as a stream; it must be a PDF (by its first bytes, as the upload checks). */
async function hashPdf(path: string): Promise<string> {
  const hash = createHash('sha256')
  let head = Buffer.alloc(0)
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (head.length < 5) head = Buffer.concat([head, chunk]).subarray(0, 5)
    hash.update(chunk)
  }
  if (head.toString('latin1') !== '%PDF-') throw new UsageError(`${path} is not a PDF (it does not start with %PDF-)`)
  return hash.digest('hex')
}

const table = (rows: Array<Record<string, unknown>>) => (rows.length ? console.table(rows) : console.log('(none)'))

let exitCode = 0
try {
  const config = parseConfig()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await migrate(db)
  const platform = await createPlatform({ config, db, logger: pino({ level: 'warn' }), geo: createGeo({ lookup: () => null }), domains: ['verification'] })
  const register = platform.services.verification
  try {
    switch (command) {
      case 'list': {
        const rows = await register.listChannels(values.kind as ChannelKind | undefined)
        table(
          rows.map((row) => ({
            kind: row.kind,
            value: row.display,
            purpose: row.purpose,
            since: row.since,
            public: row.public,
            retired: row.until ?? '',
            note: row.note,
          })),
        )
        break
      }
      case 'add': {
        const [kind, value] = rest
        const { channel, created } = await register.addChannel({
          kind: need(kind, '<kind>') as ChannelKind,
          value: need(value, '<value>'),
          purpose: need(values.purpose, '--purpose') as ChannelPurpose,
          since: need(values.since, '--since'),
          public: values.public,
          ...(values.note ? { note: values.note } : {}),
        })
        console.log(
          `${created ? 'Added' : 'Updated'} ${channel.kind} ${channel.display} (${channel.purpose}, since ${channel.since}${channel.public ? ', public' : ''})`,
        )
        break
      }
      case 'retire': {
        const [kind, value] = rest
        const row = await register.retireChannel(need(kind, '<kind>') as ChannelKind, need(value, '<value>'), values.on)
        if (!row) throw new UsageError('no such current channel')
        console.log(`Retired ${row.kind} ${row.display} on ${row.until}`)
        break
      }
      case 'remove': {
        const [kind, value] = rest
        if (!(await register.deleteChannel(need(kind, '<kind>') as ChannelKind, need(value, '<value>')))) throw new UsageError('no such channel')
        console.log('Removed')
        break
      }
      case 'documents': {
        const rows = await register.listDocuments()
        table(
          rows.map((row) => ({
            sha256: row.sha256,
            title: row.title,
            reference: row.reference ?? '',
            issuedTo: row.issued_to,
            issuedOn: row.issued_on,
            shownTo: row.shown_to,
            revoked: row.revoked_on ?? '',
          })),
        )
        break
      }
      case 'document': {
        const [file] = rest
        if (Boolean(file) === Boolean(values.sha256)) throw new UsageError('document: give either a PDF file or --sha256, not both')
        const sha256 = file ? await hashPdf(file) : (values.sha256 as string)
        const row = await register.registerDocument({
          sha256,
          title: need(values.title, '--title'),
          issuedTo: need(values['issued-to'], '--issued-to'),
          issuedOn: need(values['issued-on'], '--issued-on'),
          shownTo: need(values['shown-to'], '--shown-to') as DocumentAudience,
          reference: values.reference ?? null,
        })
        console.log(`Registered "${row.title}" issued to ${row.issued_to} on ${row.issued_on}\nSHA-256 ${row.sha256}`)
        break
      }
      case 'revoke': {
        const row = await register.revokeDocument(need(rest[0], '<sha256>'), values.on)
        if (!row) throw new UsageError('no such valid document')
        console.log(`Revoked "${row.title}" on ${row.revoked_on}`)
        break
      }
      default:
        throw new UsageError(`unknown command ${command}`)
    }
    if (command !== 'list' && command !== 'documents') platform.contentChanged({ scope: 'verification' })
  } finally {
    await platform.close()
    await db.close()
  }
} catch (error) {
  exitCode = 1
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`)
  else if (error instanceof DomainError) console.error(`Refused: ${MESSAGES[error.code] ?? error.code}`)
  else if (error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(error.message)
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`No such file: ${(error as NodeJS.ErrnoException).path}`)
  else throw error
}
process.exit(exitCode)
