import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Queryable } from '../../server/db/client.ts'

/**
 * What a person's erasure is checked against: every row of every table as text (PostgreSQL's row
 * output, so every column of every type is in it) and every file under the data folder, mails
 * decoded first (an .eml keeps non-Latin text in base64 or quoted-printable, where a plain search
 * would never see it).
 */

/** The readable text of an .eml as nodemailer writes it: encoded-word headers and base64 / quoted-printable parts undone. */
export function emlText(raw: string): string {
  const words = raw.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, body: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(body, 'base64').toString('utf8') : quotedPrintable(body.replace(/_/g, ' ')),
  )
  const parts = words.split(/\r?\n--/)
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
      const body = rest.join('\n\n')
      if (/content-transfer-encoding:\s*base64/i.test(head)) {
        const bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64')
        return `${head}\n${/content-type:\s*text\//i.test(head) ? bytes.toString('utf8') : bytes.toString('latin1')}`
      }
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return `${head}\n${quotedPrintable(body)}`
      return part
    })
    .join('\n')
}

function quotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3)
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(joined[index] as string, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

export interface Place {
  where: string
  text: string
}

/** Every row of every table of the public schema, as text; mail attachments decoded too. */
export async function databaseText(db: Queryable): Promise<Place[]> {
  const tables = (
    await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).rows
  const places: Place[] = []
  for (const { name } of tables) {
    const rows = (await db.query<{ row: string }>(`select t::text as row from "${name}" t`)).rows
    rows.forEach((row, index) => {
      places.push({ where: `${name}#${index}`, text: row.row })
    })
  }
  const attachments = (
    await db.query<{ id: string; content: string }>("select m.id::text, a ->> 'content' as content from mail_outbox m, jsonb_array_elements(m.attachments) a")
  ).rows
  for (const row of attachments) places.push({ where: `mail_outbox ${row.id} attachment`, text: Buffer.from(row.content, 'base64').toString('latin1') })
  return places
}

/** Every file under a folder, by path, as text (mails decoded). */
export function folderText(dir: string): Place[] {
  const places: Place[] = []
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name)
      if (statSync(full).isDirectory()) walk(full)
      else {
        const raw = readFileSync(full, 'utf8')
        places.push({ where: full, text: `${full}\n${name.endsWith('.eml') ? emlText(raw) : raw}` })
      }
    }
  }
  walk(dir)
  return places
}

/** Where any of the needles occurs, without case: `place: needle`. */
export function findings(places: Place[], needles: string[]): string[] {
  const lowered = needles.map((needle) => needle.toLowerCase())
  return places.flatMap((place) => {
    const text = place.text.toLowerCase()
    return lowered.filter((needle) => text.includes(needle)).map((needle) => `${place.where}: ${needle}`)
  })
}
