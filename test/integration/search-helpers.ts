import { randomInt } from 'node:crypto'
import request from 'supertest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import type { BrokerInput } from '../../server/platform/search/demo-brokers.ts'
import { writeReferenceData } from '../../server/platform/search/reference-data.ts'
import { ENDPOINTS } from '../../shared/contracts/define.ts'

/** Shared by the search*.test.ts files (docs/product.md#search-box). */
type App = Parameters<typeof request>[0]

export const CV3 = ENDPOINTS.cv3.path

export function someIp(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

export async function visitorToken(app: App): Promise<string> {
  return (await request(app).post('/api/token')).body.access_token as string
}

export interface CallOptions {
  token: string
  ip?: string
  locale?: string
}

export function cv3(app: App, route: string, body: unknown, options: CallOptions) {
  return request(app)
    .post(CV3)
    .set('Routes', route)
    .set('Authorization', `Bearer ${options.token}`)
    .set('LanguageCode', options.locale ?? 'en')
    .set('X-Forwarded-For', options.ip ?? someIp())
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body ?? null))
}

export function get(app: App, endpoint: 'dropdown' | 'searchSwitch' | 'ranking', query: Record<string, string | number>, options: Partial<CallOptions> = {}) {
  return request(app)
    .get(ENDPOINTS[endpoint].path)
    .query(query)
    .set('LanguageCode', options.locale ?? 'en')
    .set('X-Forwarded-For', options.ip ?? someIp())
}

/** A broker with every field filled; pass what the test cares about. */
export function broker(overrides: Partial<BrokerInput> & Pick<BrokerInput, 'code' | 'nameEn'>): BrokerInput {
  return {
    traderCode: `T${overrides.code}`,
    nameHans: overrides.nameEn,
    nameHant: overrides.nameEn,
    aliases: [],
    logo: null,
    label: 'regulated',
    rating: 7,
    country: 'GB',
    founded: 2010,
    website: 'https://broker.example',
    popularity: 100,
    licences: [{ regulator: 'FCA', licenceNo: '123456', licenceType: 'retailForex', status: 'regulated' }],
    warnings: [],
    ...overrides,
  }
}

/** An empty directory with the labels and regulators, then these brokers. */
export async function directoryOf(db: Database, platform: Platform, brokers: BrokerInput[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await writeReferenceData(tx)
    return platform.services.search.addBrokers(tx, brokers)
  })
}

export async function seedDemo(db: Database, platform: Platform): Promise<void> {
  const domain = platform.domains.find((candidate) => candidate.name === 'search')
  await db.transaction(async (tx) => domain?.seed?.(platform, tx))
}

/** The showname as text with [marked] runs. */
export const marked = (segments: Array<{ text: string; highlighted: boolean }>) =>
  segments.map((segment) => (segment.highlighted ? `[${segment.text}]` : segment.text)).join('')
