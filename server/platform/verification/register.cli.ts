import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { Console } from 'node:console'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import {
  CHANNEL_KINDS,
  CHANNEL_PURPOSES,
  type ChannelKind,
  type ChannelPurpose,
  DOCUMENT_AUDIENCES,
  type DocumentAudience,
} from '../../../shared/contracts/verification.ts'
import { DomainError } from '../errors.ts'
import type { VerificationService } from './verification.service.ts'

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
  'verify:register.badDomain': 'not a web address or domain with a public suffix (such as example.com)',
  'verify:register.badApp': 'not an App Store or Google Play link (or ios:<id>, android:<package>)',
  'verify:register.badIban': 'not a valid IBAN (its check digits do not match)',
  'verify:register.badBankAccount': 'not an account number (6 to 34 letters and digits, at least 6 digits)',
  'verify:register.badHash': 'a SHA-256 is 64 hexadecimal characters',
  'verify:register.badTitle': 'a title is required (at most 300 characters)',
  'verify:register.badIssuedTo': '--issued-to is required (at most 300 characters)',
  'verify:register.documentExists': 'a document with this SHA-256 is already registered',
}

class UsageError extends Error {}

export interface RegisterCliIo {
  out(text: string): void
  err(text: string): void
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

/** Rows as a terminal table, the way console.table draws them. */
function table(rows: Array<Record<string, unknown>>): string {
  if (!rows.length) return '(none)'
  let text = ''
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      done()
    },
  })
  new Console({ stdout: sink, colorMode: false }).table(rows)
  return text.trimEnd()
}

/** The register the CLI works on, opened only once the command is understood. */
export interface OpenRegister {
  service: VerificationService
  /** Called after a write, so that a running site drops what it keeps. */
  changed(): void
}

/**
 * npm run verify (scripts/verify-register.ts): the organiser's register of official channels and
 * documents, on the verification service. Returns the exit code: 0 done, 1 refused, 2 not understood.
 */
export async function runRegisterCli(args: string[], open: () => Promise<OpenRegister>, io: RegisterCliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(args)
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { positionals, values } = parsed
  const [command, ...rest] = positionals
  if (!command || values.help) {
    io.out(USAGE)
    return command || values.help ? 0 : 2
  }
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new UsageError(`${command}: ${what} is required`)
    return value
  }
  try {
    const { service: register, changed } = await open()
    switch (command) {
      case 'list': {
        const rows = await register.listChannels(values.kind as ChannelKind | undefined)
        io.out(
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
          ),
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
        io.out(
          `${created ? 'Added' : 'Updated'} ${channel.kind} ${channel.display} (${channel.purpose}, since ${channel.since}${channel.public ? ', public' : ''})`,
        )
        break
      }
      case 'retire': {
        const [kind, value] = rest
        const row = await register.retireChannel(need(kind, '<kind>') as ChannelKind, need(value, '<value>'), values.on)
        if (!row) throw new UsageError('no such current channel')
        io.out(`Retired ${row.kind} ${row.display} on ${row.until}`)
        break
      }
      case 'remove': {
        const [kind, value] = rest
        if (!(await register.deleteChannel(need(kind, '<kind>') as ChannelKind, need(value, '<value>')))) throw new UsageError('no such channel')
        io.out('Removed')
        break
      }
      case 'documents': {
        const rows = await register.listDocuments()
        io.out(
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
          ),
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
        io.out(`Registered "${row.title}" issued to ${row.issued_to} on ${row.issued_on}\nSHA-256 ${row.sha256}`)
        break
      }
      case 'revoke': {
        const row = await register.revokeDocument(need(rest[0], '<sha256>'), values.on)
        if (!row) throw new UsageError('no such valid document')
        io.out(`Revoked "${row.title}" on ${row.revoked_on}`)
        break
      }
      default:
        throw new UsageError(`unknown command ${command}`)
    }
    if (command !== 'list' && command !== 'documents') changed()
    return 0
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${USAGE}`)
    else if (error instanceof DomainError) io.err(`Refused: ${MESSAGES[error.code] ?? error.code}`)
    else if ((error as NodeJS.ErrnoException).code === 'ENOENT') io.err(`No such file: ${(error as NodeJS.ErrnoException).path}`)
    else throw error
    return 1
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
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
}
