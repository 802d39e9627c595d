import { randomUUID } from 'node:crypto'
import { readSheet } from 'read-excel-file/node'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, exportDownload, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Exports of the console (docs/product.md#console-exports): an exhibition's orders and attendees as
 * CSV (BOM, CRLF, formula-safe) and XLSX, for managers and owners only, within the member's
 * exhibitions, each one recorded in the audit log.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

const HOSTILE = '=HYPERLINK("http://evil.example","x")'

let exhibitionId: number
let otherExhibitionId: number
let buyer: TestUser
let manager: SignedInMember
let orderNumber: string

const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  otherExhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  const standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP' })
  buyer = await createUser(platform, db)
  manager = await setUpMember(app, db, ['manager'])
  const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 3 }], idempotencyKey: randomUUID() }).expect(200))
    .body.data
  const names = [
    [HOSTILE, 'Smith'],
    ['美', '陈'],
    ['สมชาย', 'ใจดี'],
  ]
  const people = attendees(3).map((attendee, index) => ({ ...attendee, firstName: names[index]?.[0] as string, lastName: names[index]?.[1] as string }))
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: people }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  orderNumber = order.number
})

/** An export in the member's console language (the headers' and states' language), as the console's link downloads it. */
async function exported(member: SignedInMember, payload: { exhibitionId: number; kind: string; format: string; language?: string }) {
  await consoleCall(app, 'setLanguage', { language: payload.language ?? 'en' }, { cookie: member.cookie }).expect(200)
  const response = await exportDownload(app, member.cookie, { exhibition: payload.exhibitionId, kind: payload.kind, format: payload.format }).expect(200)
  return {
    fileName: /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1],
    mediaType: response.headers['content-type'],
    file: response.body as Buffer,
  }
}

const audited = async () =>
  (
    await db.query<{ staff_id: string; target: string; after: unknown }>(
      "select staff_id, target, after from staff_audit where function = 'console$exportFile' order by at",
    )
  ).rows

describe('exports', () => {
  it('when a manager exports attendees as CSV, then the file has a BOM, a header row, CRLF, safe formulas and names intact', async () => {
    const result = await exported(manager, { exhibitionId, kind: 'attendees', format: 'csv' })
    expect(result.mediaType).toBe('text/csv; charset=utf-8')
    expect(result.fileName).toBe(`exhibition-${exhibitionId}-attendees.csv`)
    expect([...result.file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = result.file.toString('utf8').slice(1)
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'Order,Ticket status,Order status,Ticket no.,First name,Last name,Company,Position,E-mail,Phone,Phone country,Identity,Industry,Ticket type,Checked in (UTC),Gate',
    )
    expect(lines).toHaveLength(5) // header, three attendees, and the empty rest after the last CRLF
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(text).toContain(`${orderNumber},Valid,Paid,2,美,陈`)
    expect(text).toContain('สมชาย,ใจดี')
  })

  it('when orders are exported as XLSX, then the sheet reads back with the same rows as the CSV, text kept as text', async () => {
    const csv = await exported(manager, { exhibitionId, kind: 'orders', format: 'csv' })
    const xlsx = await exported(manager, { exhibitionId, kind: 'orders', format: 'xlsx' })
    const sheet = await readSheet(xlsx.file)
    const csvRows = csv.file
      .toString('utf8')
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','))
    expect(sheet).toHaveLength(2)
    expect(sheet.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))).toEqual(csvRows)
    const attendeeSheet = await readSheet((await exported(manager, { exhibitionId, kind: 'attendees', format: 'xlsx' })).file)
    // XLSX stores text as text, never as a formula: the name keeps its exact value.
    expect(attendeeSheet.map((row) => row[4])).toEqual(['First name', HOSTILE, '美', 'สมชาย'])
  })

  it('when a member exports in the console in Chinese, then the headers are Chinese and money is in the currency’s units', async () => {
    const csv = await exported(manager, { exhibitionId, kind: 'orders', format: 'csv', language: 'zh-cn' })
    const [header, row] = csv.file.toString('utf8').slice(1).split('\r\n')
    expect(header).toBe('订单,状态,取消原因,购买人邮箱,语言,票数,币种,小计,优惠,合计,已退款,优惠券,创建时间（UTC）,付款时间（UTC）,取消时间（UTC）')
    // Three passes at £129.00: 387 pounds, not 38700 pence.
    expect(row?.split(',').slice(5, 11)).toEqual(['3', 'GBP', '387', '0', '387', '0'])
    const traditional = await exported(manager, { exhibitionId, kind: 'attendees', format: 'xlsx', language: 'zh' })
    expect((await readSheet(traditional.file))[0]?.slice(0, 5)).toEqual(['訂單', '門票狀態', '訂單狀態', '票序號', '名'])
  })

  it('when tickets are refunded in whole or part, checked in, or their order unpaid or cancelled, then each row says where its ticket stands', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const staffCall = (name: string, body: unknown) => consoleCall(app, name, body, { cookie: owner.cookie })
    const tickets = (await staffCall('orderDetail', { number: orderNumber }).expect(200)).body.data.order.attendees.map(
      (attendee: { ticket: { id: string; code: string } }) => attendee.ticket,
    ) as Array<{ id: string }>
    // The first ticket refunded (a partial refund of the order), the second checked in at the door.
    await staffCall('refundOrder', { number: orderNumber, ticketIds: [tickets[0]?.id], idempotencyKey: randomUUID() }).expect(200)
    const code = (await db.query<{ code: string }>('select code from e_tickets where id = $1', [tickets[1]?.id])).rows[0]?.code
    await staffCall('checkinSync', {
      exhibitionId,
      deviceId: 'door-a',
      scans: [{ id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }],
    }).expect(200)
    // An order still awaiting payment, with a VIP type chosen; and one cancelled with a full refund.
    const vip = await makeTicketType(db, exhibitionId, { key: 'vip', name: 'VIP pass', priceMinor: 30000, currency: 'GBP' })
    buyer = await createUser(platform, db)
    const unpaid = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: vip, quantity: 1 }], idempotencyKey: randomUUID() }).expect(200))
      .body.data
    await fn('tickets$saveAttendees', { orderNumber: unpaid.number, attendees: attendees(1) }).expect(200)
    const rows = await readSheet((await exported(manager, { exhibitionId, kind: 'attendees', format: 'xlsx' })).file)
    const header = rows[0] as string[]
    const column = (name: string) => header.indexOf(name)
    const states = rows.slice(1).map((row) => [row[column('Order')], row[column('Ticket no.')], row[column('Ticket status')], row[column('Ticket type')]])
    expect(states).toEqual([
      [orderNumber, 1, 'Refunded', 'Standard pass'],
      [orderNumber, 2, 'Checked in', 'Standard pass'],
      [orderNumber, 3, 'Valid', 'Standard pass'],
      [unpaid.number, 1, 'Not paid', 'VIP pass'],
    ])
    await staffCall('refundOrder', { number: orderNumber, ticketIds: null, idempotencyKey: randomUUID() }).expect(200)
    const after = await readSheet((await exported(manager, { exhibitionId, kind: 'attendees', format: 'xlsx', language: 'zh-cn' })).file)
    expect(after.slice(1, 4).map((row) => row[1])).toEqual(['已退款', '已退款', '已退款'])
  })

  it('when members export, then each export is in the audit log with who, which list and how many rows', async () => {
    await exported(manager, { exhibitionId, kind: 'attendees', format: 'xlsx' })
    expect(await audited()).toEqual([{ staff_id: manager.id, target: `exhibition:${exhibitionId}`, after: { kind: 'attendees', format: 'xlsx', rows: 3 } }])
  })

  it('when support, editor or check-in staff, or nobody signed in, ask for an export, then it is refused in words and not audited; an owner may', async () => {
    for (const role of ['support', 'editor', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      await consoleCall(app, 'setLanguage', { language: 'zh-cn' }, { cookie: member.cookie }).expect(200)
      const refused = await exportDownload(app, member.cookie, { exhibition: exhibitionId, kind: 'orders', format: 'csv' }).expect(403)
      expect(refused.body.toString('utf8')).toBe('您无权执行此操作。')
    }
    const anonymous = await exportDownload(app, undefined, { exhibition: exhibitionId, kind: 'orders', format: 'csv' }).expect(401)
    expect(anonymous.body.toString('utf8')).toBe('Please sign in to the console.')
    expect(await audited()).toEqual([])
    const owner = await setUpMember(app, db, ['owner'])
    const lines = (await exported(owner, { exhibitionId, kind: 'orders', format: 'csv' })).file.toString('utf8').split('\r\n')
    expect(lines.filter(Boolean)).toHaveLength(2)
  })

  it('when a manager is limited to another exhibition, then this one does not exist for them and nothing is audited', async () => {
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[otherExhibitionId], manager.id])
    const refused = await exportDownload(app, manager.cookie, { exhibition: exhibitionId, kind: 'attendees', format: 'csv' }).expect(404)
    expect(refused.body.toString('utf8')).toBe('This exhibition does not exist or is not one of yours.')
    const empty = await exported(manager, { exhibitionId: otherExhibitionId, kind: 'attendees', format: 'csv' })
    expect(empty.file.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1)
    expect((await audited()).map((row) => row.target)).toEqual([`exhibition:${otherExhibitionId}`])
  })

  it('when the address names no such exhibition, kind or format, then it is a 400 in words', async () => {
    for (const query of [
      { exhibition: exhibitionId, kind: 'payments', format: 'csv' },
      { exhibition: exhibitionId, kind: 'orders', format: 'pdf' },
      { exhibition: 'x', kind: 'orders', format: 'csv' },
      { exhibition: -1, kind: 'orders', format: 'csv' },
      { exhibition: '1e400', kind: 'orders', format: 'csv' },
    ]) {
      const refused = await exportDownload(app, manager.cookie, query).expect(400)
      expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8')
    }
    expect(await audited()).toEqual([])
  })
})
