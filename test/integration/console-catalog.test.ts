import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, call, counters } from './tickets-helpers.ts'

/**
 * The catalogue in the console (docs/product.md#console-catalog): exhibitions created, edited and published with their audit
 * rows, times on the venue's clock, members limited to some exhibitions, and ticket types whose
 * capacity never drops below what is sold or held, even while visitors are buying.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let owner: SignedInMember
let manager: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const auditRows = async (fn: string) =>
  (await db.query<{ target: string; before: unknown; after: unknown; staff_id: string }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

/** Sales opened yesterday, the fair is in two months (relative to the test's own clock). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const exhibitionInput = (slug = `fair-${randomUUID().slice(0, 8)}`) => ({
  slug,
  kind: 'exhibition',
  timeZone: 'Europe/London',
  startsAt: `${day(60)}T09:00`,
  endsAt: `${day(61)}T18:00`,
  salesOpenAt: `${day(-1)}T10:00`,
  salesCloseAt: null,
  city: 'London',
  countryCode: 'gb',
  region: 'europe',
  texts: {
    en: { title: 'London Fintech Expo', summary: 'Markets and money.', venueName: 'ExCeL London' },
    'zh-cn': { title: '伦敦金融科技博览会', summary: '', venueName: 'ExCeL 伦敦' },
  },
})
const typeInput = (exhibitionId: number, overrides: Record<string, unknown> = {}) => ({
  exhibitionId,
  key: 'standard',
  priceMinor: 12900,
  currency: 'gbp',
  capacity: 100,
  maxPerOrder: 5,
  salesStartAt: null,
  salesEndAt: null,
  active: true,
  sort: 0,
  texts: { en: { name: 'Standard pass', description: '' }, 'zh-cn': { name: '标准票', description: '' } },
  ...overrides,
})

async function createExhibition(member = owner) {
  const made = await staff(member, 'saveExhibition', exhibitionInput()).expect(200)
  return made.body.data.exhibition as { id: number; published: boolean; state: string; startsAt: string; texts: Record<string, { title: string }> }
}

describe('exhibitions', () => {
  it('when staff create, edit and publish an exhibition, then each change has its audit row and the page cache hears of it', async () => {
    const changes: string[] = []
    const stop = platform.onContentChanged((change) => changes.push(change.scope))
    const made = await createExhibition()
    expect(made).toMatchObject({ published: false, state: 'signingUp', startsAt: `${day(60)}T09:00` })
    expect(Object.keys(made.texts).sort()).toEqual(['en', 'zh-cn'])

    const edited = await staff(manager, 'saveExhibition', {
      ...exhibitionInput(),
      id: made.id,
      texts: {
        en: { title: 'London Fintech Expo 2027', summary: '', venueName: 'ExCeL' },
        ja: { title: 'ロンドン・フィンテック・エキスポ', summary: '', venueName: '' },
      },
    }).expect(200)
    expect(Object.keys(edited.body.data.exhibition.texts).sort()).toEqual(['en', 'ja'])
    await staff(manager, 'publishExhibition', { id: made.id, published: true }).expect(200)
    stop()

    const saves = await auditRows('console$saveExhibition')
    expect(saves).toHaveLength(2)
    expect(saves[0]).toMatchObject({ target: `exhibition:${made.id}`, before: null, staff_id: owner.id })
    expect(saves[1]?.before).toMatchObject({ texts: { en: { title: 'London Fintech Expo' } } })
    expect(saves[1]?.after).toMatchObject({ texts: { en: { title: 'London Fintech Expo 2027' } } })
    expect(await auditRows('console$publishExhibition')).toMatchObject([{ before: { published: false }, after: { published: true }, staff_id: manager.id }])
    expect(changes.length).toBeGreaterThanOrEqual(3)
    expect((await db.query('select published from exhibitions where id = $1', [made.id])).rows).toEqual([{ published: true }])
  })

  it('when the city is written per language in the console, then visitors read it in theirs and the content file keeps it', async () => {
    const made = await createExhibition()
    const input = exhibitionInput()
    const saved = await staff(manager, 'saveExhibition', {
      ...input,
      id: made.id,
      slug: (await db.query<{ slug: string }>('select slug from exhibitions where id = $1', [made.id])).rows[0]?.slug,
      texts: { en: { ...input.texts.en, city: '' }, 'zh-cn': { ...input.texts['zh-cn'], city: '伦敦' } },
    }).expect(200)
    expect(saved.body.data.exhibition.texts['zh-cn']).toMatchObject({ city: '伦敦' })
    await staff(manager, 'publishExhibition', { id: made.id, published: true }).expect(200)
    // Visitors: Chinese reads the Chinese city, English (no text of its own) the exhibition's city.
    expect((await platform.services.exhibitions.getById(made.id, 'zh-cn'))?.city).toBe('伦敦')
    expect((await platform.services.exhibitions.getById(made.id, 'en'))?.city).toBe('London')
    // The console reads back what it wrote, so a second save keeps it.
    const detail = await staff(manager, 'exhibitionDetail', { id: made.id }).expect(200)
    expect(detail.body.data.exhibition.texts['zh-cn'].city).toBe('伦敦')
  })

  it('when a time is given on the venue clock, then the instant stored is that time in the venue zone, summer or winter', async () => {
    const summer = await staff(owner, 'saveExhibition', { ...exhibitionInput(), startsAt: '2031-07-01T09:00', endsAt: '2031-07-02T18:00' }).expect(200)
    const winter = await staff(owner, 'saveExhibition', { ...exhibitionInput(), startsAt: '2031-12-01T09:00', endsAt: '2031-12-02T18:00' }).expect(200)
    const startOf = async (id: number) =>
      ((await db.query<{ starts_at: Date }>('select starts_at from exhibitions where id = $1', [id])).rows[0] as { starts_at: Date }).starts_at.toISOString()
    expect(await startOf(summer.body.data.exhibition.id)).toBe('2031-07-01T08:00:00.000Z')
    expect(await startOf(winter.body.data.exhibition.id)).toBe('2031-12-01T09:00:00.000Z')
  })

  it('when the input is wrong, then the answer is a translated 4xx with the field named and nothing is written', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'console:errors.timeZone'],
      [{ startsAt: '2031-02-30T09:00' }, 'startsAt', 'console:errors.localTime'],
      [{ endsAt: `${day(59)}T09:00` }, 'endsAt', 'console:errors.endBeforeStart'],
      [{ texts: { 'zh-cn': { title: '只有中文', summary: '', venueName: '' } } }, 'texts.en.title', 'console:errors.englishTitle'],
    ]
    for (const [change, field, message] of cases) {
      const answer = await staff(owner, 'saveExhibition', { ...exhibitionInput(), ...change })
      expect(answer.status, field).toBe(400)
      expect(JSON.stringify(answer.body), field).toContain(message)
    }
    const taken = exhibitionInput()
    await staff(owner, 'saveExhibition', taken).expect(200)
    const again = await staff(owner, 'saveExhibition', taken).expect(409)
    expect(again.body.message).toBe('console:errors.slugTaken')
    expect(await auditRows('console$saveExhibition')).toHaveLength(1)
  })

  it('when a member is limited to some exhibitions, then they see and change only those and cannot create new ones', async () => {
    const mine = await createExhibition()
    const other = await createExhibition()
    await staff(owner, 'updateMember', { id: manager.id, exhibitionIds: [mine.id] }).expect(200)
    const list = (await staff(manager, 'exhibitionList', {}).expect(200)).body.data
    expect(list.rows.map((row: { id: number }) => row.id)).toEqual([mine.id])
    expect(list.mayCreate).toBe(false)
    expect((await staff(manager, 'exhibitionDetail', { id: other.id }).expect(404)).body.message).toBe('console:errors.exhibitionNotFound')
    await staff(manager, 'publishExhibition', { id: other.id, published: true }).expect(404)
    await staff(manager, 'saveTicketType', typeInput(other.id)).expect(404)
    expect((await staff(manager, 'saveExhibition', exhibitionInput()).expect(403)).body.message).toBe('console:errors.exhibitionScope')
    await staff(manager, 'publishExhibition', { id: mine.id, published: true }).expect(200)
  })
})

describe('ticket types', () => {
  it('when capacity is lowered below what is sold or held, then it is refused; down to it, it is taken', async () => {
    const fair = await createExhibition()
    await staff(owner, 'publishExhibition', { id: fair.id, published: true }).expect(200)
    const made = await staff(owner, 'saveTicketType', typeInput(fair.id, { capacity: 10 })).expect(200)
    const type = made.body.data.exhibition.ticketTypes[0]
    expect(type).toMatchObject({ currency: 'GBP', capacity: 10, sold: 0, held: 0 })
    const buyer = await createUser(platform, db)
    await call(app, 'tickets$createOrder', buyer.token, {
      exhibitionId: fair.id,
      lines: [{ ticketTypeId: type.id, quantity: 3 }],
      idempotencyKey: randomUUID(),
    }).expect(200)

    const refused = await staff(owner, 'saveTicketType', typeInput(fair.id, { id: type.id, capacity: 2 })).expect(409)
    expect(refused.body.message).toBe('console:errors.capacityBelowReserved')
    expect(await counters(db, type.id)).toEqual({ reserved: 3, capacity: 10 })
    const lowered = await staff(owner, 'saveTicketType', typeInput(fair.id, { id: type.id, capacity: 3, priceMinor: 9900 })).expect(200)
    expect(lowered.body.data.exhibition.ticketTypes[0]).toMatchObject({ capacity: 3, held: 3, priceMinor: 9900 })
    const audits = await auditRows('console$saveTicketType')
    expect(audits).toHaveLength(2)
    expect(audits[1]).toMatchObject({ before: { capacity: 10 }, after: { capacity: 3, price_minor: 9900 } })
  })

  it('when a currency is no ISO 4217 code or sales end after the exhibition, then the field is named and nothing is saved', async () => {
    const fair = await createExhibition()
    const refused = await staff(owner, 'saveTicketType', typeInput(fair.id, { currency: 'XYZ' })).expect(400)
    expect(refused.body.data.fields).toEqual({ currency: 'console:errors.currency' })
    const late = await staff(owner, 'saveTicketType', typeInput(fair.id, { salesEndAt: `${day(62)}T10:00` })).expect(400)
    expect(late.body.data.fields).toEqual({ salesEndAt: 'console:errors.salesAfterEnd' })
    const exhibitionLate = await staff(owner, 'saveExhibition', { ...exhibitionInput(), salesCloseAt: `${day(62)}T10:00` }).expect(400)
    expect(exhibitionLate.body.data.fields).toEqual({ salesCloseAt: 'console:errors.salesAfterEnd' })
    await staff(owner, 'saveTicketType', typeInput(fair.id, { currency: 'jpy', priceMinor: 5000, salesEndAt: `${day(61)}T12:00` })).expect(200)
    expect(await auditRows('console$saveTicketType')).toHaveLength(1)
  })

  it('when many visitors buy while staff lower the capacity, then sold and held never pass it', async () => {
    const fair = await createExhibition()
    await staff(owner, 'publishExhibition', { id: fair.id, published: true }).expect(200)
    const typeId = (await staff(owner, 'saveTicketType', typeInput(fair.id, { capacity: 40 })).expect(200)).body.data.exhibition.ticketTypes[0].id
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(platform, db)))
    const capacities = [30, 24, 18, 12, 8]
    const outcomes = await Promise.all([
      ...buyers.map((buyer) =>
        call(app, 'tickets$createOrder', buyer.token, { exhibitionId: fair.id, lines: [{ ticketTypeId: typeId, quantity: 3 }], idempotencyKey: randomUUID() }),
      ),
      ...capacities.map((capacity) => staff(manager, 'saveTicketType', typeInput(fair.id, { id: typeId, capacity }))),
    ])
    for (const outcome of outcomes) expect(outcome.status, JSON.stringify(outcome.body)).toBeLessThan(500)
    const { reserved, capacity } = (await counters(db, typeId)) as { reserved: number; capacity: number }
    const held = await db.query<{ tickets: number }>(
      `select coalesce(sum(l.quantity), 0)::int as tickets from ticket_order_lines l join ticket_orders o on o.id = l.order_id
        where l.ticket_type_id = $1 and o.status <> 'cancelled'`,
      [typeId],
    )
    expect(reserved).toBe(held.rows[0]?.tickets)
    expect(reserved).toBeLessThanOrEqual(capacity)
    const bought = outcomes.slice(0, buyers.length).filter((outcome) => outcome.status === 200).length
    expect(reserved).toBe(bought * 3)
  })
})

const couponSettings = (overrides: Record<string, unknown> = {}) => ({
  kind: 'percent',
  percentOff: 10,
  amountOffMinor: null,
  currency: null,
  maxUses: 100,
  perAccountLimit: null,
  validFrom: null,
  validUntil: null,
  ticketTypeIds: [],
  active: true,
  ...overrides,
})

/** A published fair with a standard (100.00) and a VIP (300.00) pass in pounds. */
async function fairWithTypes() {
  const fair = await createExhibition()
  await staff(owner, 'publishExhibition', { id: fair.id, published: true }).expect(200)
  await staff(owner, 'saveTicketType', typeInput(fair.id, { priceMinor: 10000 })).expect(200)
  const types = (
    await staff(
      owner,
      'saveTicketType',
      typeInput(fair.id, { key: 'vip', priceMinor: 30000, sort: 1, texts: { en: { name: 'VIP pass', description: '' } } }),
    ).expect(200)
  ).body.data.exhibition.ticketTypes as Array<{ id: number; key: string }>
  const [standard, vip] = [types.find((type) => type.key === 'standard')?.id as number, types.find((type) => type.key === 'vip')?.id as number]
  return { id: fair.id, standard, vip }
}

describe('coupons', () => {
  it('when a visitor uses each kind of coupon made in the console, then the checkout prices it on the types it applies to', async () => {
    const fair = await fairWithTypes()
    const make = async (code: string, settings: Record<string, unknown>) =>
      staff(owner, 'saveCoupon', { exhibitionId: fair.id, code, ...couponSettings(settings) }).expect(200)
    await make('VIPTEN', { percentOff: 10, ticketTypeIds: [fair.vip] })
    await make('LESS25', { kind: 'fixed', percentOff: null, amountOffMinor: 2500, currency: 'GBP' })
    await make('ONEFREE', { kind: 'freeTicket', percentOff: null, ticketTypeIds: [fair.standard] })
    const lines = [
      { ticketTypeId: fair.standard, quantity: 2 },
      { ticketTypeId: fair.vip, quantity: 1 },
    ]
    const totals = async (couponCode: string) => {
      const buyer = await createUser(platform, db)
      const made = await call(app, 'tickets$createOrder', buyer.token, { exhibitionId: fair.id, lines, couponCode, idempotencyKey: randomUUID() })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const { subtotalMinor, discountMinor, totalMinor } = made.body.data
      return { subtotalMinor, discountMinor, totalMinor }
    }
    expect(await totals('VIPTEN')).toEqual({ subtotalMinor: 50000, discountMinor: 3000, totalMinor: 47000 })
    expect(await totals('less25')).toEqual({ subtotalMinor: 50000, discountMinor: 2500, totalMinor: 47500 })
    expect(await totals('ONEFREE')).toEqual({ subtotalMinor: 50000, discountMinor: 10000, totalMinor: 40000 })
    const onlyStandard = await call(app, 'tickets$createOrder', (await createUser(platform, db)).token, {
      exhibitionId: fair.id,
      lines: [{ ticketTypeId: fair.standard, quantity: 1 }],
      couponCode: 'VIPTEN',
      idempotencyKey: randomUUID(),
    })
    expect([onlyStandard.status, onlyStandard.body.message]).toEqual([400, 'tickets:messages.couponNotApplicable'])
  })

  it('when an account reaches the per-account limit, then its next order is refused the code and another account may use it', async () => {
    const fair = await fairWithTypes()
    const coupon = (await staff(owner, 'saveCoupon', { exhibitionId: fair.id, code: 'ONCEEACH', ...couponSettings({ perAccountLimit: 1 }) }).expect(200)).body
      .data.coupon
    const order = (user: { token: string }) =>
      call(app, 'tickets$createOrder', user.token, {
        exhibitionId: fair.id,
        lines: [{ ticketTypeId: fair.standard, quantity: 1 }],
        couponCode: 'ONCEEACH',
        idempotencyKey: randomUUID(),
      })
    const first = await createUser(platform, db)
    const number = (await order(first).expect(200)).body.data.number as string
    // As if it had been paid: the use is redeemed and stays the account's.
    await db.query(`update ticket_orders set status = 'paid', paid_at = now(), coupon_state = 'redeemed' where number = $1`, [number])
    expect((await order(first)).body.message).toBe('tickets:messages.couponUsed')
    await order(await createUser(platform, db)).expect(200)

    const used = (await staff(manager, 'couponOrders', { exhibitionId: fair.id, id: coupon.id }).expect(200)).body.data
    expect(used.coupon.used).toBe(2)
    expect(used.orders).toHaveLength(2)
    expect(used.orders.find((row: { number: string }) => row.number === number)).toMatchObject({ status: 'paid', couponState: 'redeemed', discountMinor: 1000 })
    const lowered = await staff(manager, 'saveCoupon', {
      exhibitionId: fair.id,
      id: coupon.id,
      code: 'ONCEEACH',
      ...couponSettings({ maxUses: 1, perAccountLimit: 1 }),
    })
    expect([lowered.status, lowered.body.message]).toEqual([409, 'console:errors.usesBelowUsed'])
    expect(await auditRows('console$saveCoupon')).toHaveLength(1)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two bulk generations run at once, then every code is unique and each got the number it asked for (PostgreSQL only: PGlite cannot race)',
    async () => {
      const fair = await fairWithTypes()
      const generate = () =>
        staff(manager, 'generateCoupons', { exhibitionId: fair.id, prefix: 'SPRING', count: 150, ...couponSettings({ ticketTypeIds: [fair.vip] }) })
      const answers = await Promise.all([generate(), generate()])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const codes = answers.flatMap((answer) => answer.body.data.codes as string[])
      expect(codes).toHaveLength(300)
      expect(new Set(codes).size).toBe(300)
      for (const code of codes) expect(code).toMatch(/^SPRING-[0-9A-HJKMNP-TV-Z]{8}$/)
      const list = (await staff(manager, 'couponList', { exhibitionId: fair.id }).expect(200)).body.data
      expect(list.total).toBe(300)
      expect(list.coupons[0]).toMatchObject({ kind: 'percent', percentOff: 10, ticketTypeIds: [fair.vip], used: 0 })
      expect(await auditRows('console$generateCoupons')).toHaveLength(2)
    },
  )

  it('when coupon settings are wrong, then the field is named and nothing is made', async () => {
    const fair = await fairWithTypes()
    const other = await fairWithTypes()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'fixed', percentOff: null, amountOffMinor: null, currency: 'GBP' }, 'console:errors.amountOff'],
      [{ percentOff: 120 }, 'console:errors.percentOff'],
      [{ ticketTypeIds: [other.vip] }, 'console:errors.ticketTypeNotFound'],
      [{ validFrom: '2031-05-02T10:00', validUntil: '2031-05-01T10:00' }, 'console:errors.endBeforeStart'],
    ]
    for (const [change, message] of cases) {
      const answer = await staff(owner, 'saveCoupon', { exhibitionId: fair.id, code: 'WRONG10', ...couponSettings(change) })
      expect(answer.status, message).toBe(400)
      expect(JSON.stringify(answer.body), message).toContain(message)
    }
    await staff(owner, 'saveCoupon', { exhibitionId: fair.id, code: 'TAKEN10', ...couponSettings() }).expect(200)
    expect((await staff(owner, 'saveCoupon', { exhibitionId: fair.id, code: 'taken10', ...couponSettings() }).expect(409)).body.message).toBe(
      'console:errors.couponCodeTaken',
    )
    expect((await db.query('select code from coupons order by code')).rows).toEqual([{ code: 'TAKEN10' }])
  })

  it('when two exhibitions have the same code, then each is its own coupon, and a member limited to one learns nothing of the other', async () => {
    const mine = await fairWithTypes()
    const theirs = await fairWithTypes()
    await staff(owner, 'saveCoupon', { exhibitionId: theirs.id, code: 'SPRING50', ...couponSettings({ percentOff: 50 }) }).expect(200)
    await staff(owner, 'updateMember', { id: manager.id, exhibitionIds: [mine.id] }).expect(200)
    // The code exists at the other exhibition: the limited manager's save is answered as for a new code.
    const made = await staff(manager, 'saveCoupon', { exhibitionId: mine.id, code: 'spring50', ...couponSettings({ percentOff: 10 }) }).expect(200)
    expect(made.body.data.coupon).toMatchObject({ code: 'SPRING50', percentOff: 10 })
    await staff(manager, 'saveCoupon', { exhibitionId: mine.id, code: 'SPRING50', ...couponSettings() }).expect(409)
    const generated = await staff(manager, 'generateCoupons', { exhibitionId: mine.id, prefix: 'SPRING50', count: 2, ...couponSettings() }).expect(200)
    expect(generated.body.data.codes).toHaveLength(2)
    // Each buyer gets the coupon of the exhibition they buy for.
    const priced = async (exhibitionId: number, ticketTypeId: number) => {
      const buyer = await createUser(platform, db)
      const order = await call(app, 'tickets$createOrder', buyer.token, {
        exhibitionId,
        lines: [{ ticketTypeId, quantity: 1 }],
        couponCode: 'SPRING50',
        idempotencyKey: randomUUID(),
      })
      expect(order.status, JSON.stringify(order.body)).toBe(200)
      return order.body.data.discountMinor
    }
    expect(await priced(mine.id, mine.standard)).toBe(1000)
    expect(await priced(theirs.id, theirs.standard)).toBe(5000)
    const uses = await db.query<{ exhibition_id: number; used: number }>(
      "select exhibition_id, used from coupons where code = 'SPRING50' order by exhibition_id",
    )
    expect(uses.rows).toEqual([
      { exhibition_id: mine.id, used: 1 },
      { exhibition_id: theirs.id, used: 1 },
    ])
  })
})
