import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, call, counters } from './tickets-helpers.ts'

/**
 * The catalogue in the console (issue 17): exhibitions created, edited and published with their audit
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
