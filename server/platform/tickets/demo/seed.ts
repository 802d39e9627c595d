import { readFileSync } from 'node:fs'
import type { Queryable } from '../../../db/client.ts'

type Texts = Record<string, { name: string; description: string }>
const TEXTS = JSON.parse(readFileSync(new URL('./ticket-texts.json', import.meta.url), 'utf8')) as Record<string, Texts>

interface DemoType {
  key: 'expo' | 'standard' | 'vip' | 'seat'
  priceMinor: number
  capacity: number
  maxPerOrder: number
  sort: number
}

/** What each kind of event sells: exhibitions a free hall pass, a standard and a VIP pass; salons seats and VIP. */
const EXHIBITION_TYPES: DemoType[] = [
  { key: 'expo', priceMinor: 0, capacity: 2000, maxPerOrder: 5, sort: 1 },
  { key: 'standard', priceMinor: 9900, capacity: 600, maxPerOrder: 5, sort: 2 },
  { key: 'vip', priceMinor: 39900, capacity: 60, maxPerOrder: 2, sort: 3 },
]
const SALON_TYPES: DemoType[] = [
  { key: 'seat', priceMinor: 4900, capacity: 120, maxPerOrder: 5, sort: 1 },
  { key: 'vip', priceMinor: 19900, capacity: 20, maxPerOrder: 2, sort: 2 },
]

/** Local currency where the venue's market prices in it; US dollars elsewhere. */
const CURRENCY_BY_COUNTRY: Record<string, string> = { GB: 'GBP', CY: 'EUR' }

/**
 * Demo ticket types for every exhibition of the demo content, and a few coupons to try: WELCOME10
 * (10 % off, many uses), SAVE20USD (20 US dollars off), FREEPASS (one ticket free, single use).
 * The exhibitions are read from their table inside the seed transaction (the exhibitions service
 * reads outside it, which would wait for this very transaction on PGlite).
 */
export async function seedTickets(tx: Queryable): Promise<void> {
  const exhibitions = await tx.query<{ id: number; slug: string; kind: 'exhibition' | 'salon'; country_code: string }>(
    'select id, slug, kind, country_code from exhibitions order by id',
  )
  for (const exhibition of exhibitions.rows) {
    const currency = CURRENCY_BY_COUNTRY[exhibition.country_code] ?? 'USD'
    for (const type of exhibition.kind === 'salon' ? SALON_TYPES : EXHIBITION_TYPES) {
      await tx.query(
        `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, sort, texts)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (exhibition_id, key) do update set texts = excluded.texts`,
        [exhibition.id, type.key, type.priceMinor, currency, type.capacity, type.maxPerOrder, type.sort, JSON.stringify(TEXTS[type.key])],
      )
    }
  }
  await tx.query(
    `insert into coupons (code, kind, percent_off, max_uses) values ('WELCOME10', 'percent', 10, 100000)
     on conflict do nothing`,
  )
  await tx.query(
    `insert into coupons (code, kind, amount_off_minor, currency, max_uses) values ('SAVE20USD', 'fixed', 2000, 'USD', 500)
     on conflict do nothing`,
  )
  await tx.query(`insert into coupons (code, kind, max_uses) values ('FREEPASS', 'freeTicket', 1) on conflict do nothing`)
}
