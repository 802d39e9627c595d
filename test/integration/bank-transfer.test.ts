import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { readableReference, referenceOf } from '../../shared/rules/bank-transfer.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, counters, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Bank transfer (docs/product.md#bank-transfer): the organiser's account per exhibition, the buyer's
 * choice of it (a reference, the seats held until its deadline, the mails), and the console's
 * matching from statements (CAMT.053 and CSV) and by hand, with takings and refunds.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let manager: SignedInMember

const IBAN = 'DE89 3704 0044 0532 0130 00'
const staff = (name: string, payload: unknown, member = manager) => consoleCall(app, name, payload, { cookie: member.cookie })
const enable = (changes: Record<string, unknown> = {}) =>
  staff('saveBankTransfer', {
    exhibitionId,
    enabled: true,
    holder: 'Expo Events GmbH',
    accountKind: 'iban',
    iban: IBAN,
    bic: 'COBADEFFXXX',
    deadlineDays: 7,
    ...changes,
  })

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Frankfurt Fintech Expo' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 29900, currency: 'EUR', capacity: 10 })
  manager = await setUpMember(app, db, ['manager'])
})

/** A confirmed order of `quantity` tickets by a new buyer, with bank transfer chosen: its number and reference. */
async function transferOrder(quantity = 1): Promise<{ number: string; reference: string; buyer: TestUser }> {
  const buyer = await createUser(platform, db)
  const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
  const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity }], idempotencyKey: randomUUID() }).expect(200))
    .body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(quantity) }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  await fn('tickets$startPayment', { orderNumber: order.number, method: 'bank' }).expect(200)
  const detail = (await fn('tickets$order', { orderNumber: order.number }).expect(200)).body.data
  return { number: order.number, reference: detail.bankTransfer.reference, buyer }
}

const orderRow = async (number: string) =>
  (
    await db.query<{ status: string; cancel_reason: string | null; tickets: number }>(
      'select o.status, o.cancel_reason, (select count(*)::int from e_tickets e where e.order_id = o.id) as tickets from ticket_orders o where number = $1',
      [number],
    )
  ).rows[0]

const camt = (entries: Array<{ amount: string; ref: string; bankRef?: string; currency?: string }>) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
${entries
  .map(
    (
      entry,
    ) => `<Ntry><Amt Ccy="${entry.currency ?? 'EUR'}">${entry.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-29</Dt></BookgDt>
${entry.bankRef ? `<AcctSvcrRef>${entry.bankRef}</AcctSvcrRef>` : ''}<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>王小明</Nm></Dbtr></RltdPties>
<RmtInf><Ustrd>Tickets ${entry.ref}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  )
  .join('\n')}
</Stmt></BkToCstmrStmt></Document>`

const upload = (statement: string, member = manager) => staff('importStatement', { exhibitionId, statement }, member)
const queue = async (show: 'open' | 'all' = 'all') => (await staff('bankTransfer', { exhibitionId, show }).expect(200)).body.data.transfers

describe('the organiser’s account', () => {
  it('when a manager saves an IBAN, then its check digits and the BIC’s country are checked, and the change is audited', async () => {
    const bad = await enable({ iban: 'DE89 3704 0044 0532 0130 01' }).expect(400)
    expect(bad.body.data.fields).toMatchObject({ iban: 'console:bankTransfer.badIban' })
    const country = await enable({ bic: 'BNPAFRPP' }).expect(400)
    expect(country.body.data.fields).toMatchObject({ bic: 'console:bankTransfer.bicCountry' })
    await enable({ deadlineDays: 31 }).expect(400)
    const saved = (await enable({ iban: IBAN.toLowerCase(), bic: 'coba de ff xxx' }).expect(200)).body.data
    expect(saved).toMatchObject({ enabled: true, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', deadlineDays: 7 })
    const local = (await enable({ accountKind: 'local', iban: '', bic: '', accountNumber: '0123-456789', bankName: 'Bangkok Bank' }).expect(200)).body.data
    expect(local).toMatchObject({ accountKind: 'local', accountNumber: '0123-456789', bankName: 'Bangkok Bank', iban: '' })
    const audit = await db.query<{ function: string; target: string }>(`select function, target from staff_audit where function = 'console$saveBankTransfer'`)
    expect(audit.rows).toEqual([
      { function: 'console$saveBankTransfer', target: `exhibition:${exhibitionId}` },
      { function: 'console$saveBankTransfer', target: `exhibition:${exhibitionId}` },
    ])
    const support = await setUpMember(app, db, ['support'])
    await staff('importStatement', { exhibitionId, statement: 'x' }, support).expect(403)
  })
})

describe('choosing bank transfer', () => {
  it('when the exhibition does not offer it, then the buyer is refused with a clear 400', async () => {
    const buyer = await createUser(platform, db)
    const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
    const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 1 }], idempotencyKey: randomUUID() })).body.data
    await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(1) }).expect(200)
    const detail = (await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)).body.data
    expect(detail.methods).not.toContain('bank')
    const refused = await fn('tickets$startPayment', { orderNumber: order.number, method: 'bank' }).expect(400)
    expect(refused.body.message).toBe('tickets:messages.methodUnavailable')
  })

  it('when the buyer chooses it, then the order gets a checked reference, the account and amount, seats held to the deadline, and one mail', async () => {
    await enable().expect(200)
    const { number, reference, buyer } = await transferOrder(2)
    expect(readableReference(reference)).toMatch(/^RF\d{2} [A-Z]{4} [A-Z]{4}$/)
    const detail = (await call(app, 'tickets$order', buyer.token, { orderNumber: number }).expect(200)).body.data
    expect(detail.payment).toEqual({ method: 'bank', status: 'open' })
    expect(detail.bankTransfer).toMatchObject({
      holder: 'Expo Events GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountMinor: 59800,
      currency: 'EUR',
    })
    const days = (new Date(detail.bankTransfer.dueAt).getTime() - new Date(detail.serverNow).getTime()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    expect(await counters(db, standard)).toMatchObject({ reserved: 2 })
    // Choosing again answers the same reference; no second mail.
    await call(app, 'tickets$startPayment', buyer.token, { orderNumber: number, method: 'bank' }).expect(200)
    const again = (await call(app, 'tickets$order', buyer.token, { orderNumber: number }).expect(200)).body.data
    expect(again.bankTransfer.reference).toBe(reference)
    const mails = await db.query<{ subject: string; text_body: string }>(
      'select subject, text_body from mail_outbox where to_address = $1 and subject like $2',
      [buyer.email, '%bank transfer%'],
    )
    expect(mails.rows).toHaveLength(1)
    expect(mails.rows[0]?.text_body).toContain('598.00 EUR')
    expect(mails.rows[0]?.text_body).toContain(readableReference(reference))
    expect(mails.rows[0]?.text_body).toContain('DE89 3704 0044 0532 0130 00')
    // The deadline in the venue's time, named (the test exhibitions are in Bangkok).
    const due = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(new Date(detail.bankTransfer.dueAt))
    expect(mails.rows[0]?.text_body).toContain(`${due} (Asia/Bangkok)`)
  })

  it('when the exhibition opens before the transfer deadline would fall, then the seats are held until the opening, not past it', async () => {
    await db.query("update exhibitions set starts_at = now() + interval '3 days', ends_at = now() + interval '5 days' where id = $1", [exhibitionId])
    await enable({ deadlineDays: 7 }).expect(200)
    const { number, buyer } = await transferOrder(1)
    const detail = (await call(app, 'tickets$order', buyer.token, { orderNumber: number }).expect(200)).body.data
    const opening = (await db.query<{ starts_at: Date }>('select starts_at from exhibitions where id = $1', [exhibitionId])).rows[0]?.starts_at as Date
    expect(new Date(detail.bankTransfer.dueAt).getTime()).toBe(new Date(opening).getTime())
  })

  it('when the deadline is a day away, then one reminder goes out; after the deadline the order expires and its seats come back', async () => {
    await enable({ deadlineDays: 3 }).expect(200)
    const { number, reference, buyer } = await transferOrder(1)
    expect(await platform.services.tickets.remindTransfers()).toBe(0)
    await db.query(`update ticket_orders set expires_at = now() + interval '20 hours' where number = $1`, [number])
    await db.query(`update payment_attempts set created_at = now() - interval '2 days' where bank_reference = $1`, [reference])
    expect(await platform.services.tickets.remindTransfers()).toBe(1)
    expect(await platform.services.tickets.remindTransfers()).toBe(0)
    const reminders = await db.query('select 1 from mail_outbox where to_address = $1 and subject like $2', [buyer.email, '%waiting for your transfer%'])
    expect(reminders.rows).toHaveLength(1)
    await db.query(`update ticket_orders set expires_at = now() - interval '1 minute' where number = $1`, [number])
    expect(await platform.services.tickets.expireDue()).toBe(1)
    expect(await orderRow(number)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' })
    expect(await counters(db, standard)).toMatchObject({ reserved: 0 })
    // The money arrives late: it waits for staff, it never buys the expired order.
    expect((await upload(camt([{ amount: '299.00', ref: reference }])).expect(200)).body.data).toMatchObject({ paid: 0, review: 1 })
    expect((await queue('open')).items[0]).toMatchObject({ state: 'review', issue: 'closed', orderNumber: number })
  })
})

describe('matching transfers', () => {
  beforeEach(async () => {
    await enable().expect(200)
  })

  it('when a CAMT.053 statement carries the exact amount, then the order is paid with its e-tickets; the same file again pays nothing', async () => {
    const { number, reference } = await transferOrder(1)
    const statement = camt([{ amount: '299.00', ref: readableReference(reference), bankRef: 'B-1' }])
    expect((await upload(statement).expect(200)).body.data).toEqual({ lines: 1, paid: 1, review: 0, unknown: 0, repeats: 0 })
    expect(await orderRow(number)).toMatchObject({ status: 'paid', tickets: 1 })
    expect((await upload(statement).expect(200)).body.data).toEqual({ lines: 1, paid: 0, review: 0, unknown: 0, repeats: 1 })
    expect(await orderRow(number)).toMatchObject({ status: 'paid', tickets: 1 })
    const items = (await queue()).items
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ state: 'paid', amountMinor: 29900, payer: '王小明', orderNumber: number })
    const audit = await db.query<{ target: string; after: unknown }>(
      `select target, after from staff_audit where function = 'console$importStatement' order by id`,
    )
    expect(audit.rows.map((row) => row.after)).toEqual([
      { lines: 1, paid: 1, review: 0, unknown: 0, repeats: 0 },
      { lines: 1, paid: 0, review: 0, unknown: 0, repeats: 1 },
    ])
  })

  it('when a CSV has too much, too little, another currency and an unknown reference, then each waits and staff decide once', async () => {
    const over = await transferOrder(1)
    const under = await transferOrder(1)
    const currency = await transferOrder(1)
    const csv = [
      'Date,Amount,Currency,Reference,Payer',
      `2026-11-29,300.00,EUR,${over.reference},Ana Souza`,
      `2026-11-29,"298,00",EUR,Order ${readableReference(under.reference)},Jörg`,
      `2026-11-29,299.00,GBP,${currency.reference},Li`,
      `2026-11-29,299.00,EUR,${referenceOf('KMXCDWHE')},Nobody`,
      '2026-11-29,-5.00,EUR,fee,',
    ].join('\n')
    expect((await upload(csv).expect(200)).body.data).toEqual({ lines: 4, paid: 0, review: 3, unknown: 1, repeats: 0 })
    const open = (await queue('open')).items as Array<{ id: string; orderNumber: string | null; issue: string | null; state: string }>
    const of = (number: string | null) => open.find((item) => item.orderNumber === number) as { id: string; issue: string }
    expect([of(over.number).issue, of(under.number).issue, of(currency.number).issue, of(null).issue]).toEqual(['over', 'under', 'currency', null])
    // Another currency cannot pay the order; too little may, when staff say so.
    expect((await staff('decideTransfer', { transferId: of(currency.number).id, decision: 'accept' }).expect(409)).body.message).toBe(
      'console:bankTransfer.cannotAccept',
    )
    expect((await staff('decideTransfer', { transferId: of(under.number).id, decision: 'accept' }).expect(200)).body.data.state).toBe('accepted')
    expect(await orderRow(under.number)).toMatchObject({ status: 'paid', tickets: 1 })
    await staff('decideTransfer', { transferId: of(under.number).id, decision: 'return' }).expect(409)
    expect((await staff('decideTransfer', { transferId: of(null).id, decision: 'return' }).expect(200)).body.data.state).toBe('returned')
    expect(await orderRow(over.number)).toMatchObject({ status: 'pending' })
    expect((await queue('open')).items).toHaveLength(2)
    // The money that bought the order counts: 298.00 in.
    const dashboard = (await staff('dashboard', { exhibitionId }).expect(200)).body.data
    expect(dashboard.revenue).toEqual([
      { currency: 'EUR', paidOrders: 1, refundedOrders: 0, receivedMinor: 29800, refundedMinor: 0, refundingMinor: 0, netMinor: 29800 },
    ])
  })

  it('when more transfers came than a page holds, then the queue pages them, each once, and counts them all', async () => {
    await enable().expect(200)
    const lines = Array.from(
      { length: 52 },
      (_, index) => `2026-11-${String(1 + (index % 28)).padStart(2, '0')},${index + 1}.00,EUR,payment ${index + 1},Payer ${index + 1}`,
    )
    expect((await upload(['Date,Amount,Currency,Reference,Payer', ...lines].join('\n')).expect(200)).body.data).toMatchObject({ lines: 52, unknown: 52 })
    const page = async (number: number) => (await staff('bankTransfer', { exhibitionId, show: 'all', page: number }).expect(200)).body.data.transfers
    const [first, second, beyond] = [await page(1), await page(2), await page(3)]
    expect([first.total, first.pageSize, first.items.length, second.items.length, beyond.items.length]).toEqual([52, 50, 50, 2, 0])
    const amounts = [...first.items, ...second.items].map((item: { amountMinor: number }) => item.amountMinor)
    expect(new Set(amounts).size).toBe(52)
    await staff('bankTransfer', { exhibitionId, show: 'all', page: 0 }).expect(400)
  })

  it('when staff type a reference and "299.00", then the order is paid; the statement line of the same money later waits for staff', async () => {
    const { number, reference } = await transferOrder(1)
    await staff('matchTransfer', { exhibitionId, reference: 'RF00 KMXC DWHE', amount: '299.00', currency: 'EUR' }).expect(400)
    const wrong = await staff('matchTransfer', {
      exhibitionId,
      reference: readableReference(reference).toLowerCase(),
      amount: '299.001',
      currency: 'EUR',
    }).expect(400)
    expect(wrong.body.data.fields).toMatchObject({ amount: 'console:bankTransfer.badAmount' })
    const matched = (
      await staff('matchTransfer', {
        exhibitionId,
        reference: readableReference(reference).toLowerCase(),
        amount: '299.00',
        currency: 'eur',
        payer: '王小明',
      }).expect(200)
    ).body.data
    expect(matched).toMatchObject({ state: 'paid', orderNumber: number })
    expect(await orderRow(number)).toMatchObject({ status: 'paid', tickets: 1 })
    expect((await upload(camt([{ amount: '299.00', ref: reference }])).expect(200)).body.data).toMatchObject({ paid: 0, review: 1 })
    expect((await queue('open')).items[0]).toMatchObject({ issue: 'alreadyPaid', orderNumber: number })
    expect(await orderRow(number)).toMatchObject({ status: 'paid', tickets: 1 })
    const audit = await db.query<{ target: string }>(`select target from staff_audit where function = 'console$matchTransfer'`)
    expect(audit.rows).toEqual([{ target: `order:${number}` }])
  })

  it('when a statement is hostile or broken, then a translated 400 says why and nothing is recorded', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`
    expect((await upload(bomb).expect(400)).body.message).toBe('console:bankTransfer.badXml')
    expect((await upload('Date,Amount\n2026-11-29,5\n').expect(400)).body.message).toBe('console:bankTransfer.csvColumns')
    expect((await upload('').expect(400)).body.data.fields).toEqual({ statement: 'console:bankTransfer.noFile' })
    expect((await queue()).total).toBe(0)
  })

  it('when a bank-transfer order is refunded in part and in whole, then takings show the money in and out', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const part = await transferOrder(2)
    const whole = await transferOrder(1)
    await upload(
      camt([
        { amount: '598.00', ref: part.reference, bankRef: 'P' },
        { amount: '299.00', ref: whole.reference, bankRef: 'W' },
      ]),
    ).expect(200)
    const ticketsOf = async (number: string) =>
      ((await staff('orderDetail', { number }, owner).expect(200)).body.data.order.attendees as Array<{ ticket: { id: string } }>).map((a) => a.ticket.id)
    await staff('refundOrder', { number: part.number, ticketIds: [(await ticketsOf(part.number))[0]], idempotencyKey: randomUUID() }, owner).expect(200)
    await staff('refundOrder', { number: whole.number, ticketIds: null, idempotencyKey: randomUUID() }, owner).expect(200)
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(2)
    const refunds = await db.query<{ provider: string; status: string; amount_minor: number }>(
      'select provider, status, amount_minor from refunds order by amount_minor',
    )
    expect(refunds.rows).toEqual([
      { provider: 'bank', status: 'succeeded', amount_minor: 29900 },
      { provider: 'bank', status: 'succeeded', amount_minor: 29900 },
    ])
    expect((await staff('dashboard', { exhibitionId }).expect(200)).body.data.revenue).toEqual([
      { currency: 'EUR', paidOrders: 1, refundedOrders: 2, receivedMinor: 89700, refundedMinor: 59800, refundingMinor: 0, netMinor: 29900 },
    ])
  })
})

describe('erasure', () => {
  it('when a buyer who paid by transfer is erased, then the transfers keep amount and reference without their name or words', async () => {
    await enable().expect(200)
    const paid = await transferOrder(1)
    const late = await transferOrder(1)
    await db.query(`update ticket_orders set expires_at = now() - interval '1 minute' where number = $1`, [late.number])
    await upload(
      camt([
        { amount: '299.00', ref: paid.reference, bankRef: 'E-1' },
        { amount: '299.00', ref: late.reference, bankRef: 'E-2' },
      ]),
    ).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    for (const buyer of [paid.buyer, late.buyer]) await staff('deleteVisitor', { id: buyer.userId, confirmEmail: buyer.email }, owner).expect(200)
    const rows = await db.query<{ payer: string | null; remittance: string; reference: string; amount_minor: number }>(
      'select payer, remittance, reference, amount_minor::int as amount_minor from bank_transfers order by id',
    )
    expect(rows.rows).toEqual([
      { payer: 'erased', remittance: '', reference: paid.reference, amount_minor: 29900 },
      { payer: 'erased', remittance: '', reference: late.reference, amount_minor: 29900 },
    ])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL only: PGlite cannot race)', () => {
  beforeEach(async () => {
    await enable().expect(200)
  })

  it('when the same statement is uploaded twice at once, then its line pays the order once', async () => {
    const { number, reference } = await transferOrder(1)
    const statement = camt([{ amount: '299.00', ref: reference, bankRef: 'RACE-1' }])
    const [first, second] = await Promise.all([upload(statement), upload(statement)])
    const outcomes = [first.body.data, second.body.data].map((data) => data && { paid: data.paid, repeats: data.repeats })
    // The loser either waited and found the line taken, or was told the desk was busy.
    expect(outcomes.filter((outcome) => outcome?.paid === 1)).toHaveLength(1)
    expect([first.status, second.status].every((status) => status === 200 || status === 409)).toBe(true)
    expect(await orderRow(number)).toMatchObject({ status: 'paid', tickets: 1 })
    expect((await db.query('select 1 from bank_transfers')).rows).toHaveLength(1)
    expect((await db.query(`select 1 from payment_attempts where status = 'succeeded'`)).rows).toHaveLength(1)
  })

  it('when a match by hand and an upload of the same money run at once, then one pays and the other waits for staff', async () => {
    const { number, reference } = await transferOrder(1)
    const [hand, statement] = await Promise.all([
      staff('matchTransfer', { exhibitionId, reference, amount: '299.00', currency: 'EUR' }),
      upload(camt([{ amount: '299.00', ref: reference, bankRef: 'RACE-2' }])),
    ])
    expect([hand.status, statement.status]).toEqual([200, 200])
    const states = (await db.query<{ state: string; issue: string | null }>('select state, issue from bank_transfers order by state')).rows
    expect(states).toEqual([
      { state: 'paid', issue: null },
      { state: 'review', issue: 'alreadyPaid' },
    ])
    expect(await orderRow(number)).toMatchObject({ status: 'paid', tickets: 1 })
  })
})
