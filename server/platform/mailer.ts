import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Database, Queryable } from '../db/client.ts'
import { ERASED_ADDRESS, mentionedIn, type PersonErasure } from './erasure.ts'
import { nudgeAfterCommit } from './jobs.ts'

/** The outbox's worker (server/platform/platform.ts). */
export const MAIL_JOB = 'mail.send'

export interface MailAttachment {
  filename: string
  contentType: string
  /** base64 */
  content: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: MailAttachment[]
  /** Headers beyond the usual ones (List-Unsubscribe of marketing mail, docs/product.md#unsubscribe). */
  headers?: Record<string, string>
}

/**
 * Queues a message inside the caller's transaction: it is sent only if that transaction commits
 * (never send mail inside a transaction; docs/product.md#mail-after-commit).
 */
export async function queueMail(tx: Queryable, message: MailMessage): Promise<string> {
  const result = await tx.query<{ id: string }>(
    'insert into mail_outbox (to_address, subject, text_body, html_body, attachments, headers) values ($1, $2, $3, $4, $5, $6) returning id::text as id',
    [message.to, message.subject, message.text, message.html ?? null, JSON.stringify(message.attachments ?? []), JSON.stringify(message.headers ?? {})],
  )
  // Sent when the transaction commits, not at the worker's next tick: someone may be waiting for a code.
  await nudgeAfterCommit(tx, MAIL_JOB)
  // The id lets a caller name the message in its own records (an order's history).
  return (result.rows[0] as { id: string }).id
}

export interface MailTransport {
  /** `id`: the outbox row, so that what the transport keeps of the message can be found again. */
  send(message: MailMessage & { from: string; id?: number }): Promise<void>
  /**
   * Deletes what the transport keeps of these messages (the outbox rows `ids`) and of any message to
   * `addresses` (an erasure, docs/decisions/0014-erasure-map.md); how many it deleted. Mail sent by
   * SMTP is in the recipient's mailbox, beyond our reach: nothing to delete.
   */
  forget(mail: { ids: number[]; addresses: string[] }): Promise<number>
  readonly kind: 'smtp' | 'outbox-files'
}

/** The outbox file's name ends with the address as written here (the browser tests find mails by it). */
const fileAddress = (to: string) => to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 80)
/** `<time>-m<outbox id>-<address>.eml`; files written before the id was part of the name have none. */
const OUTBOX_FILE = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-(?:m(\d+)-)?(.*)\.eml$/

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox so the default install shows them. */
export function createMailTransport(options: { smtpUrl?: string | undefined; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl)
    return {
      kind: 'smtp',
      async send(message) {
        await transporter.sendMail(toNodemailer(message))
      },
      async forget() {
        return 0
      },
    }
  }
  const outbox = join(options.dataDir, 'outbox')
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'outbox-files',
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message))
      mkdirSync(outbox, { recursive: true })
      const id = message.id === undefined ? '' : `m${message.id}-`
      writeFileSync(join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}${fileAddress(message.to)}.eml`), info.message as Buffer)
    },
    async forget({ ids, addresses }) {
      if (!existsSync(outbox)) return 0
      const wantedIds = new Set(ids.map(String))
      const wantedAddresses = new Set(addresses.map((address) => fileAddress(address).toLowerCase()))
      let deleted = 0
      for (const name of readdirSync(outbox)) {
        const match = OUTBOX_FILE.exec(name)
        if (!match || !(wantedIds.has(match[1] ?? '') || wantedAddresses.has((match[2] ?? '').toLowerCase()))) continue
        rmSync(join(outbox, name), { force: true })
        deleted++
      }
      return deleted
    },
  }
}

function toNodemailer(message: MailMessage & { from: string }) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.headers && Object.keys(message.headers).length ? { headers: message.headers } : {}),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content, 'base64'),
    })),
  }
}

interface OutboxRow {
  id: number
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  attachments: MailAttachment[]
  headers: Record<string, string>
  attempts: number
}

/**
 * Sends what is due. Rows are claimed with FOR UPDATE SKIP LOCKED inside a short transaction that
 * marks them as being sent, so two instances never send the same message.
 */
export async function sendDueMail(db: Database, transport: MailTransport, from: string, batch = 20): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx.query<OutboxRow>(
      `select id, to_address, subject, text_body, html_body, attachments, headers, attempts from mail_outbox
       where sent_at is null and send_after <= now() and attempts < 8
       order by id limit $1 for update skip locked`,
      [batch],
    )
    // Push them into the future while they are being sent; success marks them sent.
    if (rows.rows.length) {
      await tx.query(`update mail_outbox set attempts = attempts + 1, send_after = now() + interval '5 minutes' where id = any($1::bigint[])`, [
        rows.rows.map((row) => row.id),
      ])
    }
    return rows.rows
  })
  let sent = 0
  for (const row of claimed) {
    try {
      await transport.send({
        id: row.id,
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        attachments: row.attachments,
        headers: row.headers,
      })
      const marked = await db.query('update mail_outbox set sent_at = now(), last_error = null where id = $1', [row.id])
      // Erased while it was being sent: what the transport kept of it goes too.
      if (!marked.rowCount) await transport.forget({ ids: [row.id], addresses: [] })
      sent++
    } catch (error) {
      const backoffMinutes = 2 ** row.attempts
      await db.query(`update mail_outbox set last_error = $2, send_after = now() + make_interval(mins => $3) where id = $1`, [
        row.id,
        String((error as Error).message).slice(0, 500),
        backoffMinutes,
      ])
    }
  }
  return sent
}

interface MailRow {
  id: string
  to_them: boolean
  logged: boolean
  sent: boolean
  subject: string
  text_body: string
  html_body: string | null
  attachments: Array<{ contentType?: string }>
}

/**
 * A person who asked to be forgotten, in the outbox. Mail to them goes, unless an order's mail log names
 * it and it left (then it stays as a line of the log: when and what, to the erased marker, with no
 * content). Mail to others that names them keeps its text with markers in their place and loses its PDF
 * tickets, which carry the holders' names. Returns the outbox rows whose copies the transport must forget.
 */
export async function eraseFromOutbox(tx: Queryable, person: PersonErasure): Promise<string[]> {
  const rows = (
    await tx.query<MailRow>(
      `select m.id::text as id, lower(m.to_address) = any($1::text[]) as to_them, m.sent_at is not null as sent,
         exists (select 1 from ticket_order_events e where e.kind = 'mail' and e.data ->> 'outboxId' = m.id::text) as logged,
         m.subject, m.text_body, m.html_body, m.attachments
       from mail_outbox m
       where lower(m.to_address) = any($1::text[]) or ${mentionedIn("m.subject || ' ' || m.text_body || ' ' || coalesce(m.html_body, '')", '$2')}
       order by m.id for update of m`,
      [person.emails, person.terms],
    )
  ).rows
  for (const row of rows) {
    if (row.to_them && !(row.logged && row.sent)) {
      await tx.query('delete from mail_outbox where id = $1', [row.id])
    } else if (row.to_them) {
      await tx.query(`update mail_outbox set to_address = $2, subject = $3, text_body = '', html_body = null, attachments = '[]' where id = $1`, [
        row.id,
        ERASED_ADDRESS,
        person.redactText(row.subject),
      ])
    } else {
      await tx.query('update mail_outbox set subject = $2, text_body = $3, html_body = $4, attachments = $5 where id = $1', [
        row.id,
        person.redactText(row.subject),
        person.redactText(row.text_body),
        row.html_body === null ? null : person.redactText(row.html_body),
        JSON.stringify(row.attachments.filter((file) => file.contentType !== 'application/pdf')),
      ])
    }
  }
  return rows.map((row) => row.id)
}
