import { randomUUID } from 'node:crypto'
import request from 'supertest'
import type { Queryable } from '../../server/db/client.ts'
import type { TestUser } from '../setup/users.ts'
import { type App, call, makeTicketType } from './tickets-helpers.ts'

/** The leads tests' fixtures (docs/product.md#leads): an exhibitor at an exhibition, and paid tickets to scan. */

export async function makeExhibitor(db: Queryable, exhibition: number, name: string): Promise<number> {
  const company = await db.query<{ id: number }>('insert into exhibitor_companies (slug, kind) values ($1, $2) returning id::int as id', [
    `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`,
    'broker',
  ])
  const companyId = company.rows[0]?.id as number
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)", [companyId, name])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    companyId,
    exhibition,
  ])
  return row.rows[0]?.id as number
}

/** A paid order of the given attendees (shares included) by the buyer; its number and its tickets' codes in order. */
export async function paidOrder(app: App, db: Queryable, buyer: TestUser, exhibition: number, forms: Array<Record<string, unknown>>) {
  const type = await makeTicketType(db, exhibition, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP', key: `standard-${randomUUID().slice(0, 6)}` })
  const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
  const order = (
    await fn('tickets$createOrder', { exhibitionId: exhibition, lines: [{ ticketTypeId: type, quantity: forms.length }], idempotencyKey: randomUUID() }).expect(
      200,
    )
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: forms }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return { number: order.number as string, codes: tickets.rows.map((row) => row.code) }
}
