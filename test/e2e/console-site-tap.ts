import { parseConfig } from '../../server/config.ts'
import { openDatabase as openTheDatabase, type Database } from '../../server/db/client.ts'
import { runApplicationsCli } from '../../server/platform/applications/applications.cli.ts'
import { memberByEmail } from '../../server/platform/staff/members.repo.ts'
import { runStaffCli } from '../../server/platform/staff/staff.cli.ts'
import { startSession } from '../../server/platform/staff/staff-sessions.ts'

export * from '../../server/db/client.ts'

/**
 * What the browser tests ask of their console site's database while the site runs (the embedded
 * database is held by the server process, so nothing else may open it): rows written as the public
 * site would have stored them, staff added by the very function `npm run staff -- add` calls, and
 * sessions started as a sign-in starts them, and decisions on applications by the very function
 * `npm run applications -- status` calls (an accepted exhibitor application makes the exhibitor).
 * Only a process started by console-kit.ts with an IPC channel can ask (see console-site-hooks.ts).
 */
export type TapQuestion =
  | { kind: 'query'; sql: string; params: unknown[] }
  | { kind: 'exec'; sql: string }
  | { kind: 'copy'; table: string; columns: string[]; lines: string }
  | { kind: 'staff'; args: string[] }
  | { kind: 'session'; email: string; device: string }
  | { kind: 'applications'; args: string[] }
export type TapRequest = TapQuestion & { id: number }
export type TapAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

async function answer(db: Database, request: TapRequest): Promise<unknown> {
  if (request.kind === 'query') return db.query(request.sql, request.params)
  if (request.kind === 'exec') return db.exec(request.sql)
  if (request.kind === 'copy') return db.copyRows(request.table, request.columns, request.lines)
  if (request.kind === 'session') {
    // As a sign-in starts one once the password and code are right (staff/sign-in.ts).
    const member = await memberByEmail(db, request.email)
    if (!member?.totp_secret) throw new Error(`${request.email} is no staff member who has set up`)
    return (await startSession(db, member.id, { ip: '127.0.0.1', device: request.device }, new Date())).secret
  }
  const out: string[] = []
  const err: string[] = []
  const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }
  if (request.kind === 'applications') {
    const config = parseConfig()
    const mail = { brand: config.BRAND_NAME, contactEmail: config.CONTACT_EMAIL, publicOrigin: config.PUBLIC_ORIGIN }
    const code = await runApplicationsCli(request.args, db, io, mail)
    return { code, out: out.join('\n'), err: err.join('\n') }
  }
  const code = await runStaffCli(request.args, db, io, { publicOrigin: process.env.PUBLIC_ORIGIN ?? '' })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

export async function openDatabase(options: Parameters<typeof openTheDatabase>[0]): Promise<Database> {
  const db = await openTheDatabase(options)
  const send = process.send?.bind(process)
  if (send) {
    process.on('message', (request: TapRequest) => {
      answer(db, request).then(
        (value) => send({ id: request.id, ok: true, value } satisfies TapAnswer),
        (error: unknown) =>
          send({ id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies TapAnswer),
      )
    })
    // The channel must not keep a stopping server alive.
    process.channel?.unref()
  }
  return db
}
