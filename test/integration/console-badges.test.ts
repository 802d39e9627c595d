import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { BADGES_PATH } from '../../shared/rules/badges.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { type CallOptions, consoleCall, SITE, type SignedInMember, setUpMember, someIp } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'
import { doorTicket, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'

/**
 * Badges (docs/product.md#badges): a ticket type names the role its badges show, the door's list carries
 * it, and members with check-in or order access download one ticket's badge or a whole exhibition's
 * as one streamed PDF, audited; the badge holds the name in its own order and script and the QR code
 * the door scans.
 */

let app: App
let db: Database
let platform: Platform
const folder = mkdtempSync(join(tmpdir(), 'badge-downloads-'))

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const NAMES = [
  { firstName: '小明', lastName: '王', shown: '王小明' },
  { firstName: '太郎', lastName: '山田', shown: '山田太郎' },
  { firstName: 'สมชาย', lastName: 'ใจดี', shown: 'สมชาย ใจดี' },
  { firstName: 'Иван', lastName: 'Петров', shown: 'Иван Петров' },
  { firstName: 'Văn An', lastName: 'Nguyễn', shown: 'Văn An Nguyễn' },
]

let exhibitionId: number
let buyer: TestUser
let door: SignedInMember

async function paidOrder(ticketTypeId: number, names: Array<{ firstName: string; lastName: string }>) {
  const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
  const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: names.length }], idempotencyKey: randomUUID() }).expect(200))
    .body.data
  const forms = attendees(names.length).map((form, index) => ({ ...form, firstName: names[index]?.firstName, lastName: names[index]?.lastName }))
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: forms }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ id: string; code: string }>(
    'select e.id, e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return tickets.rows
}

/** The download as the console's page makes it (its header, the site's Origin, the staff cookie). */
function download(body: unknown, options: CallOptions = {}) {
  let call = request(app).post(BADGES_PATH).set('X-Forwarded-For', someIp())
  if (options.consoleHeader !== false) call = call.set('X-Console-Request', '1')
  if (options.origin !== null) call = call.set('Origin', options.origin ?? SITE)
  if (options.cookie) call = call.set('Cookie', options.cookie)
  return call
    .send(body as object)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
}

const json = (body: Buffer) => JSON.parse(body.toString('utf8'))
function saved(bytes: Buffer): string {
  const path = join(folder, `${randomUUID()}.pdf`)
  writeFileSync(path, bytes)
  return path
}
const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
function qrCodes(path: string): string[] {
  const prefix = join(folder, `p-${randomUUID().slice(0, 8)}`)
  execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-f', '1', '-l', '1', path, prefix])
  const image = readdirSync(folder).find((name) => join(folder, name).startsWith(prefix)) as string
  const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', join(folder, image)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return out.trim().split('\n').filter(Boolean)
}

let speakerType: number
let visitorType: number

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
  buyer = await createUser(platform, db)
  door = await setUpMember(app, db, ['checkin'])
  speakerType = await makeTicketType(db, exhibitionId, { name: 'Speaker pass', key: 'speaker' })
  visitorType = await makeTicketType(db, exhibitionId, { name: 'Visitor pass', key: 'visitor' })
  await db.query(`update ticket_types set badge_role = 'speaker' where id = $1`, [speakerType])
})

describe('badge roles', () => {
  it("when a manager sets a type's role, then the catalogue shows it, a role outside the list is refused naming the field, and nothing is saved", async () => {
    const manager = await setUpMember(app, db, ['manager'])
    const detail = async () => (await consoleCall(app, 'exhibitionDetail', { id: exhibitionId }, { cookie: manager.cookie }).expect(200)).body.data.exhibition
    const type = (await detail()).ticketTypes.find((row: { id: number }) => row.id === visitorType)
    expect(type.badgeRole).toBe('visitor')
    const input = { ...type, exhibitionId, priceMinor: type.priceMinor, badgeRole: 'press' }
    for (const field of ['sold', 'held']) delete input[field]
    await consoleCall(app, 'saveTicketType', input, { cookie: manager.cookie }).expect(200)
    expect((await detail()).ticketTypes.find((row: { id: number }) => row.id === visitorType).badgeRole).toBe('press')
    const refused = await consoleCall(app, 'saveTicketType', { ...input, badgeRole: 'king', capacity: 7 }, { cookie: manager.cookie }).expect(400)
    expect(refused.body.data.fields).toEqual({ badgeRole: 'console:errors.badgeRole' })
    expect((await detail()).ticketTypes.find((row: { id: number }) => row.id === visitorType)).toMatchObject({ badgeRole: 'press', capacity: type.capacity })
    const { badgeRole: _left, ...withoutRole } = input
    await consoleCall(app, 'saveTicketType', { ...withoutRole, capacity: 8 }, { cookie: manager.cookie }).expect(200)
    expect((await detail()).ticketTypes.find((row: { id: number }) => row.id === visitorType)).toMatchObject({ badgeRole: 'press', capacity: 8 })
  })

  it("when the door reads its list, then each ticket carries its type's role, and an exhibitor pass is always an exhibitor", async () => {
    const [speaker] = await paidOrder(speakerType, NAMES.slice(0, 1))
    const [visitor] = await paidOrder(visitorType, NAMES.slice(1, 2))
    const list = (await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data
    const roleOf = (id: string | undefined) => doorTicket(list, id as string)?.role
    expect(roleOf(speaker?.id)).toBe('speaker')
    expect(roleOf(visitor?.id)).toBe('visitor')
    await db.query(`update ticket_types set exhibitor_pass = true, price_minor = 0, badge_role = 'vip' where id = $1`, [visitorType])
    const again = (await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data
    expect(doorTicket(again, visitor?.id as string)?.role).toBe('exhibitor')
  })
})

describe('badge downloads', () => {
  it("when the door downloads the exhibition's badges, then one A6 page per valid ticket holds each name in its script and order, and the download is audited", async () => {
    const tickets = await paidOrder(speakerType, NAMES)
    const response = await download({ exhibitionId, stock: 'a6' }, { cookie: door.cookie }).expect(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="badges-${exhibitionId}-a6.pdf"`)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const path = saved(response.body)
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
    expect(info).toMatch(/Pages:\s+5\n/)
    expect(info).toMatch(/Page size:\s+297\.638 x 419\.528 pts/)
    const text = pdfText(path)
    for (const name of NAMES) expect(text).toContain(name.shown)
    expect(text).toContain('SPEAKER')
    expect(text).toContain('Bangkok Fintech Expo')
    const audit = await db.query<{ function: string; target: string; after: Record<string, unknown> }>(
      `select function, target, after from staff_audit where staff_id = $1 and function = 'console$downloadBadges'`,
      [door.id],
    )
    expect(audit.rows).toEqual([
      { function: 'console$downloadBadges', target: `exhibition:${exhibitionId}`, after: { badges: 5, stock: 'a6', ticketTypeId: null } },
    ])
    expect(tickets).toHaveLength(5)
    // Signed as the e-tickets are (docs/product.md#document-signatures): the verification page reads it as ours.
    expect(await platform.documents.check(Buffer.from(response.body))).toMatchObject({ state: 'intact' })
    expect(execFileSync('pdfsig', [path], { encoding: 'utf8' })).toContain('Signature Validation: Signature is Valid.')
  }, 60_000)

  it("when the order desk downloads one ticket's card badge, then its QR code reads back as that ticket's code", async () => {
    const [ticket] = await paidOrder(visitorType, NAMES.slice(3, 4))
    const support = await setUpMember(app, db, ['support'])
    const response = await download({ exhibitionId, ticketId: ticket?.id, stock: 'cr80' }, { cookie: support.cookie }).expect(200)
    const path = saved(response.body)
    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Page size:\s+242\.646 x 153\.071 pts/)
    expect(pdfText(path)).toContain('Иван Петров')
    expect(qrCodes(path)).toEqual([ticket?.code])
  }, 60_000)

  it('when a ticket type is chosen, then only its badges are in the file; refunded and voided tickets never are', async () => {
    await paidOrder(speakerType, NAMES.slice(0, 2))
    const visitors = await paidOrder(visitorType, NAMES.slice(2, 5))
    await db.query('update e_tickets set voided_at = now() where id = $1', [visitors[0]?.id])
    const speakers = await download({ exhibitionId, ticketTypeId: speakerType, stock: 'cr80' }, { cookie: door.cookie }).expect(200)
    expect(speakers.headers['x-badge-count']).toBe('2')
    const text = pdfText(saved(speakers.body))
    expect(text).toContain('王小明')
    expect(text).not.toContain('Иван')
    const rest = await download({ exhibitionId, ticketTypeId: visitorType, stock: 'a6' }, { cookie: door.cookie }).expect(200)
    expect(rest.headers['x-badge-count']).toBe('2')
    expect(pdfText(saved(rest.body))).not.toContain('สมชาย')
  }, 60_000)

  it("when someone without check-in or order access, or without the console's request, asks, then nothing is drawn and nothing audited", async () => {
    await paidOrder(visitorType, NAMES.slice(0, 1))
    const editor = await setUpMember(app, db, ['editor'])
    const verifier = await setUpMember(app, db, ['verifier'])
    expect(json((await download({ exhibitionId, stock: 'a6' }, { cookie: editor.cookie }).expect(403)).body).message).toBe('errors.forbidden')
    await download({ exhibitionId, stock: 'a6' }, { cookie: verifier.cookie }).expect(403)
    await download({ exhibitionId, stock: 'a6' }).expect(401)
    await download({ exhibitionId, stock: 'a6' }, { cookie: door.cookie, consoleHeader: false }).expect(403)
    await download({ exhibitionId, stock: 'a6' }, { cookie: door.cookie, origin: 'https://evil.example' }).expect(403)
    const owner = await setUpMember(app, db, ['owner'])
    await download({ exhibitionId, stock: 'a6' }, { cookie: owner.cookie }).expect(200)
    const audited = await db.query<{ count: number }>(`select count(*)::int as count from staff_audit where function = 'console$downloadBadges'`)
    expect(audited.rows[0]?.count).toBe(1)
  }, 60_000)

  it('when the request is wrong, then a translated 4xx names what is wrong', async () => {
    await paidOrder(visitorType, NAMES.slice(0, 1))
    const bad = json((await download({ exhibitionId, stock: 'poster' }, { cookie: door.cookie }).expect(400)).body)
    expect(bad.data.fields).toEqual({ stock: 'console:errors.badgeStock' })
    expect(json((await download({ exhibitionId: 'x', stock: 'a6' }, { cookie: door.cookie }).expect(400)).body).data.fields).toEqual({
      exhibitionId: 'errors.invalid',
    })
    const otherExhibition = await makeExhibition(db, { title: 'Other Expo' })
    const otherType = await makeTicketType(db, otherExhibition, { name: 'Other pass' })
    expect(json((await download({ exhibitionId, ticketTypeId: otherType, stock: 'a6' }, { cookie: door.cookie }).expect(404)).body).message).toBe(
      'console:errors.ticketTypeNotFound',
    )
    expect(json((await download({ exhibitionId: otherExhibition, stock: 'a6' }, { cookie: door.cookie }).expect(404)).body).message).toBe(
      'console:errors.noBadges',
    )
    expect(json((await download({ exhibitionId: 999999, stock: 'a6' }, { cookie: door.cookie }).expect(404)).body).message).toBe(
      'console:errors.exhibitionNotFound',
    )
  })

  it('when a member limited to other exhibitions asks, then this exhibition does not exist for them', async () => {
    await paidOrder(visitorType, NAMES.slice(0, 1))
    const otherExhibition = await makeExhibition(db, { title: 'Other Expo' })
    const limited = await setUpMember(app, db, ['checkin'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[otherExhibition], limited.id])
    expect(json((await download({ exhibitionId, stock: 'a6' }, { cookie: limited.cookie }).expect(404)).body).message).toBe('console:errors.exhibitionNotFound')
  })
})
