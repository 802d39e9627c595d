import { randomInt, randomUUID } from 'node:crypto'
import request from 'supertest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { ENDPOINTS } from '../../shared/contracts/define.ts'

/** Shared by the applications*.test.ts files (docs/product.md#application-form). */

export const EXPO = ENDPOINTS.expo.path
type App = Parameters<typeof request>[0]

export interface ExhibitionOptions {
  slug?: string
  open?: boolean
  published?: boolean
  /** Days from now; negative for the past. */
  startsInDays?: number
  endsInDays?: number
  titles?: Record<string, string>
}

export async function addExhibition(db: Database, options: ExhibitionOptions = {}): Promise<number> {
  const day = 86_400_000
  const startsAt = new Date(Date.now() + (options.startsInDays ?? 30) * day)
  const endsAt = new Date(Date.now() + (options.endsInDays ?? 32) * day)
  const result = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ($1, 'exhibition', $2, $3, 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', $4, $5) returning id`,
    [options.slug ?? `expo-${randomUUID().slice(0, 8)}`, startsAt, endsAt, options.open ?? true, options.published ?? true],
  )
  const id = result.rows[0]?.id as number
  for (const [locale, title] of Object.entries(options.titles ?? { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' })) {
    await db.query('insert into exhibition_texts (exhibition_id, locale, title) values ($1, $2, $3)', [id, locale, title])
  }
  return id
}

/** A fresh public-looking client address per test, so the per-IP limit of one test never touches another. */
export function someIp(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

export async function visitorToken(app: App): Promise<string> {
  const response = await request(app).post('/api/token')
  return response.body.access_token as string
}

/** A logged-in user: an account, a live session and a user token for it. */
export async function userToken(db: Database, platform: Platform, email = `user-${randomUUID().slice(0, 8)}@example.com`) {
  const account = await db.query<{ id: string }>("insert into accounts (email, nick) values ($1, 'Tester') returning id", [email])
  const userId = account.rows[0]?.id as string
  const session = await db.query<{ id: string }>("insert into sessions (account_id, expires_at) values ($1, now() + interval '1 hour') returning id", [userId])
  const sessionId = session.rows[0]?.id as string
  return { token: platform.tokens.issue({ kind: 'user', userId, sessionId }).access_token, userId, email }
}

export interface CallOptions {
  token: string
  ip?: string
  locale?: string
}

export function call(app: App, route: string, body: unknown, options: CallOptions) {
  return request(app)
    .post(EXPO)
    .set('Routes', route)
    .set('Authorization', `Bearer ${options.token}`)
    .set('LanguageCode', options.locale ?? 'en')
    .set('X-Forwarded-For', options.ip ?? someIp())
    .send(body as object)
}

export function exhibitorBody(exhibitionId: number, overrides: Record<string, unknown> = {}) {
  return {
    exhibitionId,
    boothSize: '3x6',
    companyName: 'Acme Markets Ltd',
    website: 'acme-markets.example.com',
    contactPerson: 'Maria Lopez',
    phone: { country: 'GB', number: '07400 123456' },
    email: `maria.${randomUUID().slice(0, 8)}@acme-markets.com`,
    method: 'company',
    idempotencyKey: randomUUID(),
    fax: '',
    ...overrides,
  }
}

export function attendeeBody(exhibitionId: number, overrides: Record<string, unknown> = {}) {
  return {
    exhibitionId,
    surname: 'Tanaka',
    givenName: 'Yuki',
    position: 'Head of trading',
    identity: 'trader',
    industry: 'forex',
    email: `yuki.${randomUUID().slice(0, 8)}@example.jp`,
    phone: { country: 'JP', number: '' },
    idempotencyKey: randomUUID(),
    fax: '',
    ...overrides,
  }
}

export async function count(db: Database, table: 'applications' | 'mail_outbox'): Promise<number> {
  const result = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
  return result.rows[0]?.n ?? 0
}
