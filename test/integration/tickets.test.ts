import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../setup/users.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, attendees, call, counters, couponUses, makeCoupon, makeExhibition, makeTicketType } from './tickets-helpers.ts'

type Strings = typeof import('../../locales/en/tickets.json')
const en = JSON.parse(readFileSync(new URL('../../locales/en/tickets.json', import.meta.url), 'utf8')) as Strings
/** The text a key of the tickets namespace shows in English. */
const english = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string

let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let vip: number
let buyer: TestUser

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db)
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 9900, capacity: 100 })
  vip = await makeTicketType(db, exhibitionId, { name: 'VIP pass', priceMinor: 39900, capacity: 6, maxPerOrder: 2 })
  buyer = await createUser(platform, db)
})

const order = (user: TestUser, lines: Array<{ ticketTypeId: number; quantity: number }>, couponCode = '', extra: Record<string, unknown> = {}) =>
  call(app, 'tickets$createOrder', user.token, { exhibitionId, lines, couponCode, idempotencyKey: randomUUID(), ...extra })

describe('docs/product.md#validation messages are the specification words', () => {
  it('when the English strings are read, then every message of docs/product.md#validation is there word for word', () => {
    expect(en.messages.ticketLimit).toBe('Up to five tickets can be purchased')
    expect(en.messages.emailRepeated).toBe('Repeated email address')
    expect(en.messages.phoneRepeated).toBe('Repeated phone number')
    expect(en.messages.phone).toBe('Please enter the correct phone number')
    expect(en.messages.email).toBe('Please enter the correct email address')
    expect(en.messages.couponInvalid).toBe('Invalid coupon code, please try again')
    expect(en.messages.couponUsed).toBe('Coupon code used')
    expect(en.messages.couponEmpty).toBe('Please enter the coupon code.')
    expect(en.messages.eventOver).toBe('The event is over.')
    for (const prompt of Object.values(en.prompts)) expect(prompt).toMatch(/^Please (enter|select) the /)
  })
})

describe('ticket types', () => {
  it('when a visitor asks for the tickets of an exhibition, then each type shows its price and a coarse availability, never the count', async () => {
    const visitor = (await call(app, 'tickets$ticketTypes', null, { exhibitionId }).expect(401)).body
    expect(visitor.message).toBe('errors.token')
    const token = platform.tokens.issue({ kind: 'visitor', visitorId: 'v1' }).access_token
    await db.query('update ticket_types set reserved = 3 where id = $1', [vip])
    const soldOut = await makeTicketType(db, exhibitionId, { name: 'Gala', capacity: 2 })
    await db.query('update ticket_types set reserved = 2 where id = $1', [soldOut])
    const later = await makeTicketType(db, exhibitionId, { name: 'Late', salesStartInDays: 3 })
    const response = await call(app, 'tickets$ticketTypes', token, { exhibitionId }).expect(200)
    const data = response.body.data
    expect(data.exhibition).toMatchObject({ id: exhibitionId, title: 'Test Fintech Expo', city: 'Bangkok' })
    expect(data.onSale).toBe(true)
    expect(data.maxPerOrder).toBe(5)
    const byId = new Map(data.types.map((type: { id: number }) => [type.id, type]))
    expect(byId.get(standard)).toMatchObject({ name: 'Standard pass', priceMinor: 9900, currency: 'USD', availability: 'available' })
    expect(byId.get(vip)).toMatchObject({ availability: 'few', maxPerOrder: 2 })
    expect(byId.get(soldOut)).toMatchObject({ availability: 'soldOut' })
    expect(byId.get(later)).toMatchObject({ availability: 'notYet' })
    expect(JSON.stringify(data)).not.toMatch(/capacity|reserved/)
    const chinese = await call(app, 'tickets$ticketTypes', token, { exhibitionId }, { locale: 'zh-cn' }).expect(200)
    expect(chinese.body.data.exhibition.title).toBe('测试金融科技展')
    expect(chinese.body.data.types[0].name).toBe('Standard pass（中文）')
  })

  it('when the exhibition does not exist, then 404', async () => {
    const token = platform.tokens.issue({ kind: 'visitor', visitorId: 'v1' }).access_token
    await call(app, 'tickets$ticketTypes', token, { exhibitionId: 999_999 }).expect(404)
  })
})

describe('choosing tickets', () => {
  it('when a visitor who is not logged in orders, then 401 asks for a login', async () => {
    const token = platform.tokens.issue({ kind: 'visitor', visitorId: 'v1' }).access_token
    const response = await call(app, 'tickets$createOrder', token, {
      exhibitionId,
      lines: [{ ticketTypeId: standard, quantity: 1 }],
      idempotencyKey: randomUUID(),
    })
    expect(response.status).toBe(401)
    expect(response.body.message).toBe('errors.loginRequired')
  })

  it('when six tickets are chosen, then "Up to five tickets can be purchased" and nothing is held', async () => {
    const response = await order(buyer, [
      { ticketTypeId: standard, quantity: 4 },
      { ticketTypeId: vip, quantity: 2 },
    ]).expect(400)
    expect(response.body.data.fields.lines).toBe('messages.ticketLimit')
    expect(english(response.body.data.fields.lines)).toBe('Up to five tickets can be purchased')
    const single = await order(buyer, [{ ticketTypeId: standard, quantity: 6 }]).expect(400)
    expect(single.body.data.fields['lines.0.quantity']).toBe('messages.ticketLimit')
    expect((await counters(db, standard))?.reserved).toBe(0)
  })

  it('when no ticket is chosen, then a prompt to choose one', async () => {
    const response = await order(buyer, [{ ticketTypeId: standard, quantity: 0 }]).expect(400)
    expect(response.body.data.fields.lines).toBe('messages.noTickets')
  })

  it('when more of a type than its own limit are chosen, then the type limit with its name', async () => {
    const response = await order(buyer, [{ ticketTypeId: vip, quantity: 3 }]).expect(400)
    expect(response.body.message).toBe('tickets:messages.typeLimit')
    expect(response.body.data).toMatchObject({ fields: { lines: 'messages.typeLimit' }, max: 2, name: 'VIP pass' })
  })

  it('when two tickets and a percentage coupon are chosen, then a pending order holds both seats and the coupon, total discounted', async () => {
    const code = await makeCoupon(db, { percentOff: 15 })
    const response = await order(buyer, [{ ticketTypeId: standard, quantity: 2 }], code.toLowerCase()).expect(200)
    const created = response.body.data
    expect(created).toMatchObject({
      status: 'pending',
      currency: 'USD',
      subtotalMinor: 19800,
      discountMinor: 2970,
      totalMinor: 16830,
      couponCode: code,
      ticketCount: 2,
      nextStep: 'attendees',
      attendees: [],
      buyerEmail: buyer.email,
    })
    expect(created.number).toMatch(/^T-[0-9A-HJKMNP-TV-Z]{10}$/)
    const minutes = (Date.parse(created.expiresAt) - Date.parse(created.serverNow)) / 60_000
    expect(minutes).toBeGreaterThan(29.5)
    expect(minutes).toBeLessThanOrEqual(30)
    expect((await counters(db, standard))?.reserved).toBe(2)
    expect((await couponUses(db, code))?.used).toBe(1)
  })

  it('when the same selection is sent twice with one key, then one order and one hold', async () => {
    const key = randomUUID()
    const payload = { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 2 }], idempotencyKey: key }
    const first = await call(app, 'tickets$createOrder', buyer.token, payload).expect(200)
    const second = await call(app, 'tickets$createOrder', buyer.token, payload).expect(200)
    expect(second.body.data.number).toBe(first.body.data.number)
    expect((await counters(db, standard))?.reserved).toBe(2)
  })

  it('when the last seat is taken, then the next buyer hears clearly that the type is sold out', async () => {
    const gala = await makeTicketType(db, exhibitionId, { name: 'Gala dinner', capacity: 1 })
    await order(buyer, [{ ticketTypeId: gala, quantity: 1 }]).expect(200)
    const other = await createUser(platform, db)
    const response = await order(other, [{ ticketTypeId: gala, quantity: 1 }]).expect(409)
    expect(response.body.message).toBe('tickets:messages.soldOut')
    expect(response.body.data).toMatchObject({ ticketTypeId: gala, name: 'Gala dinner' })
    expect((await counters(db, gala))?.reserved).toBe(1)
  })

  it('when one line of two is short, then neither is held', async () => {
    await db.query('update ticket_types set reserved = capacity where id = $1', [vip])
    await order(buyer, [
      { ticketTypeId: standard, quantity: 2 },
      { ticketTypeId: vip, quantity: 1 },
    ]).expect(409)
    expect((await counters(db, standard))?.reserved).toBe(0)
  })

  it('when the exhibition is over, then "The event is over." (410)', async () => {
    const past = await makeExhibition(db, { startsInDays: -10, days: 2, salesOpenedDaysAgo: 60 })
    const type = await makeTicketType(db, past)
    const response = await call(app, 'tickets$createOrder', buyer.token, {
      exhibitionId: past,
      lines: [{ ticketTypeId: type, quantity: 1 }],
      idempotencyKey: randomUUID(),
    }).expect(410)
    expect(response.body.message).toBe('tickets:messages.eventOver')
    expect(english('messages.eventOver')).toBe('The event is over.')
    const token = platform.tokens.issue({ kind: 'visitor', visitorId: 'v1' }).access_token
    const listed = await call(app, 'tickets$ticketTypes', token, { exhibitionId: past }).expect(200)
    expect(listed.body.data).toMatchObject({ state: 'ended', onSale: false })
    expect(listed.body.data.types[0].availability).toBe('ended')
  })

  it('when sales have not opened, then not on sale (409); a type outside its own window likewise', async () => {
    const early = await makeExhibition(db, { salesOpenedDaysAgo: null })
    const type = await makeTicketType(db, early)
    const response = await call(app, 'tickets$createOrder', buyer.token, {
      exhibitionId: early,
      lines: [{ ticketTypeId: type, quantity: 1 }],
      idempotencyKey: randomUUID(),
    }).expect(409)
    expect(response.body.message).toBe('tickets:messages.notOnSale')
    const closed = await makeTicketType(db, exhibitionId, { name: 'Early bird', salesEndInDays: -1 })
    const late = await order(buyer, [{ ticketTypeId: closed, quantity: 1 }]).expect(409)
    expect(late.body).toMatchObject({ message: 'tickets:messages.typeNotOnSale', data: { name: 'Early bird' } })
  })

  it('when a type of another exhibition is sent, then it is refused', async () => {
    const other = await makeExhibition(db)
    const foreign = await makeTicketType(db, other)
    const response = await order(buyer, [{ ticketTypeId: foreign, quantity: 1 }]).expect(400)
    expect(response.body.data.fields.lines).toBe('messages.typeUnavailable')
  })
})

describe('coupons', () => {
  const check = (user: TestUser, code: string, ip?: string) => call(app, 'tickets$checkCoupon', user.token, { exhibitionId, code }, ip ? { ip } : {})

  it('when the code is empty, then "Please enter the coupon code."', async () => {
    const response = await check(buyer, '   ').expect(400)
    expect(response.body.data.fields.code).toBe('messages.couponEmpty')
  })

  it('when the code does not exist, is out of date or for another exhibition, then "Invalid coupon code, please try again"', async () => {
    const expired = await makeCoupon(db, { validUntilInDays: -1 })
    const elsewhere = await makeCoupon(db, { exhibitionId: await makeExhibition(db) })
    for (const code of ['NOPE-1234', expired, elsewhere]) {
      const response = await check(buyer, code).expect(400)
      expect(response.body.message).toBe('tickets:messages.couponInvalid')
      expect(response.body.data.fields.couponCode).toBe('messages.couponInvalid')
    }
  })

  it('when a valid code is checked, then its kind and value are shown and nothing is held', async () => {
    const code = await makeCoupon(db, { kind: 'fixed', amountOffMinor: 2500 })
    const response = await check(buyer, ` ${code.toLowerCase()} `).expect(200)
    expect(response.body.data).toMatchObject({ code, kind: 'fixed', amountOffMinor: 2500, currency: 'USD' })
    expect((await couponUses(db, code))?.used).toBe(0)
  })

  it('when a single-use code was used by another order, then "Coupon code used"', async () => {
    const code = await makeCoupon(db, { maxUses: 1 })
    await order(buyer, [{ ticketTypeId: standard, quantity: 1 }], code).expect(200)
    const other = await createUser(platform, db)
    const checked = await check(other, code).expect(409)
    expect(checked.body.message).toBe('tickets:messages.couponUsed')
    const ordered = await order(other, [{ ticketTypeId: standard, quantity: 1 }], code).expect(409)
    expect(ordered.body.message).toBe('tickets:messages.couponUsed')
    expect((await counters(db, standard))?.reserved).toBe(1)
  })

  it('when a free-ticket coupon is applied, then the dearest ticket is free; a fixed amount never goes below zero', async () => {
    const free = await makeCoupon(db, { kind: 'freeTicket' })
    const first = await order(
      buyer,
      [
        { ticketTypeId: standard, quantity: 1 },
        { ticketTypeId: vip, quantity: 1 },
      ],
      free,
    ).expect(200)
    expect(first.body.data).toMatchObject({ subtotalMinor: 49800, discountMinor: 39900, totalMinor: 9900 })
    const big = await makeCoupon(db, { kind: 'fixed', amountOffMinor: 100_000 })
    const second = await order(await createUser(platform, db), [{ ticketTypeId: standard, quantity: 1 }], big).expect(200)
    expect(second.body.data).toMatchObject({ subtotalMinor: 9900, discountMinor: 9900, totalMinor: 0 })
  })

  it('when a coupon restricted to one type is used without it, then it does not apply', async () => {
    const code = await makeCoupon(db, { kind: 'freeTicket', ticketTypeId: vip })
    const response = await order(buyer, [{ ticketTypeId: standard, quantity: 1 }], code).expect(400)
    expect(response.body.message).toBe('tickets:messages.couponNotApplicable')
  })

  it('when a visitor who has not logged in checks a code, then it is answered, and their guesses are limited too', async () => {
    const code = await makeCoupon(db, { percentOff: 20 })
    const ip = '198.18.9.9'
    const visitor = () => platform.tokens.issue({ kind: 'visitor', visitorId: `v-${Math.random()}` }).access_token
    const ok = await call(app, 'tickets$checkCoupon', visitor(), { exhibitionId, code }, { ip }).expect(200)
    expect(ok.body.data).toMatchObject({ code, kind: 'percent', percentOff: 20 })
    // A new visitor token per guess does not help: the address is counted as well.
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt++)
      statuses.push((await call(app, 'tickets$checkCoupon', visitor(), { exhibitionId, code: `NOPE-${attempt}00` }, { ip })).status)
    expect(statuses.filter((status) => status === 400)).toHaveLength(30)
    expect(statuses.at(-1)).toBe(429)
  })

  it('when codes are guessed again and again, then the account is stopped with 429 and Retry-After', async () => {
    const ip = '198.18.7.7'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) statuses.push((await check(buyer, `GUESS-${attempt}000`, ip)).status)
    expect(statuses.slice(0, 9).every((status) => status === 400)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    const valid = await makeCoupon(db)
    const blocked = await check(buyer, valid, ip).expect(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('attendee forms', () => {
  let number: string
  beforeEach(async () => {
    number = (await order(buyer, [{ ticketTypeId: standard, quantity: 2 }]).expect(200)).body.data.number
  })
  const save = (list: unknown[]) => call(app, 'tickets$saveAttendees', buyer.token, { orderNumber: number, attendees: list })

  it('when the forms are valid, then they are saved in order, phones in E.164, and the next step is the review', async () => {
    const list = attendees(2)
    const response = await save(list).expect(200)
    expect(response.body.data.nextStep).toBe('review')
    expect(response.body.data.attendees.map((attendee: { firstName: string }) => attendee.firstName)).toEqual(['Ada1', 'Ada2'])
    expect(response.body.data.attendees[0].phone.e164).toMatch(/^\+447400/)
    expect(response.body.data.attendees[0].ticketName).toBe('Standard pass')
  })

  it('when the number of forms differs from the number of tickets, then one form per ticket is asked for', async () => {
    const response = await save(attendees(1)).expect(400)
    expect(response.body.data.fields.attendees).toBe('messages.attendeeCount')
    expect(english('messages.attendeeCount')).toBe('An attendee form is required for each ticket')
  })

  it('when two attendees share an e-mail (any case) or a phone, then "Repeated email address" / "Repeated phone number" on the second', async () => {
    const list = attendees(2)
    const second = list[1] as (typeof list)[number]
    second.email = (list[0]?.email ?? '').toUpperCase()
    second.phone = { country: 'GB', number: `+44${(list[0]?.phone.number ?? '').replace(/^0/, '').replace(/\s/g, '')}` }
    const response = await save(list).expect(400)
    expect(response.body.data.fields['attendees.1.email']).toBe('messages.emailRepeated')
    expect(response.body.data.fields['attendees.1.phone']).toBe('messages.phoneRepeated')
    expect(response.body.data.fields['attendees.0.email']).toBeUndefined()
  })

  it('when a phone or an e-mail is wrong, then the docs/product.md#attendee-form messages; empty fields get their prompts', async () => {
    const list: Array<Record<string, unknown>> = attendees(2)
    list[0] = { ...list[0], phone: { country: 'GB', number: '12345' }, email: 'ada@example' }
    list[1] = { firstName: ' ', lastName: '', email: '', phone: { country: 'GB', number: '' }, identity: '', industry: 'nonsense' }
    const fields = (await save(list).expect(400)).body.data.fields
    expect(fields['attendees.0.phone']).toBe('messages.phone')
    expect(fields['attendees.0.email']).toBe('messages.email')
    expect(fields['attendees.1.firstName']).toBe('prompts.firstName')
    expect(fields['attendees.1.lastName']).toBe('prompts.lastName')
    expect(fields['attendees.1.email']).toBe('prompts.email')
    expect(fields['attendees.1.phone']).toBe('prompts.phone')
    expect(fields['attendees.1.identity']).toBe('prompts.identity')
    expect(fields['attendees.1.industry']).toBe('prompts.industry')
    for (const key of Object.values(fields) as string[]) expect(english(key)).toMatch(/^Please (enter|select) the /)
  })

  it('when a name holds control characters, then it is refused; markup is kept as text', async () => {
    const list = attendees(2)
    ;(list[0] as { firstName: string }).firstName = 'Ada\u202eevil'
    ;(list[1] as { firstName: string }).firstName = '<img src=x onerror=alert(1)>'
    const fields = (await save(list).expect(400)).body.data.fields
    expect(fields['attendees.0.firstName']).toBe('messages.characters')
    ;(list[0] as { firstName: string }).firstName = 'Ada'
    const saved = await save(list).expect(200)
    expect(saved.body.data.attendees[1].firstName).toBe('<img src=x onerror=alert(1)>')
  })

  it('when another user touches the order, then it does not exist for them', async () => {
    const stranger = await createUser(platform, db)
    await call(app, 'tickets$saveAttendees', stranger.token, { orderNumber: number, attendees: attendees(2) }).expect(404)
    await call(app, 'tickets$order', stranger.token, { orderNumber: number }).expect(404)
    await call(app, 'tickets$cancelOrder', stranger.token, { orderNumber: number }).expect(404)
  })
})
