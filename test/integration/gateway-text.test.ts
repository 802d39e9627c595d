import fc from 'fast-check'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ENDPOINTS } from '../../shared/contracts/define.ts'
import { hasUnstorableControl } from '../../shared/rules/text.ts'
import { render as renderConsole } from '../../src/console/entry-server.tsx'
import { noAssets } from '../../server/http/assets.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp } from '../setup/test-app.ts'
import { type App, consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'

/**
 * Text in, text clean (docs/product.md#text-input): a NUL or another control character in any string of
 * any function's input is refused with a 400 naming the field, before any query, and nothing a caller can
 * type gives a 5xx. Payloads follow each function's own schema, so they reach past its validation.
 */

let app: App
let platform: Platform
let token: string
let userToken: string
let owner: SignedInMember

beforeAll(async () => {
  ;({ app, platform } = await createTestApp({ deps: { console: { render: renderConsole, assets: noAssets } } }))
  token = (await request(app).post('/api/token')).body.access_token
  const account = await platform.db.query<{ id: string }>(
    "insert into accounts (email, nick) values ('text-' || gen_random_uuid() || '@example.com', 'Text') returning id",
  )
  const accountId = account.rows[0]?.id as string
  const session = await platform.db.query<{ id: string }>("insert into sessions (account_id, expires_at) values ($1, now() + interval '1 day') returning id", [
    accountId,
  ])
  userToken = platform.tokens.issue({ kind: 'user', userId: accountId, sessionId: session.rows[0]?.id as string }).access_token
  owner = await setUpMember(app, platform.db, ['owner'])
})

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f']

/** Text a person might type, with a control character somewhere in it. */
const withControl = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 20 }))
  .map(([before, control, after]) => `${before}${control}${after}`)
const someText = fc.oneof(
  fc.constantFrom('299.00', '王小明', 'expo@example.org', 'SUMMER-10', '**注意：**展会', '  ', 'a\tb\r\nc'),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  withControl,
)

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  element?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string | number>
  values?: unknown[]
  in?: z.ZodType
  items?: z.ZodType[]
  valueType?: z.ZodType
  getter?: () => z.ZodType
}

/** Values of a zod schema's shape: objects with their own keys, enums with their own values, hostile text. */
function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def
  if (depth > 6) return fc.constant(null)
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {}
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field, depth + 1)]))
      return fc.record(fields, { requiredKeys: [] })
    }
    case 'string':
      return someText
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -2, max: 5000 }), fc.constant(1))
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 10n }).map(String)
    case 'boolean':
      return fc.boolean()
    case 'date':
      return fc.constant('2027-09-01T10:00:00Z')
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }))
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]))
    case 'array':
      return fc.array(arbitraryOf(def.element as z.ZodType, depth + 1), { maxLength: 3 })
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => arbitraryOf(item, depth + 1)))
    case 'record':
      return fc.dictionary(someText, arbitraryOf(def.valueType as z.ZodType, depth + 1), { maxKeys: 3 })
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryOf(option, depth + 1)))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryOf(def.innerType as z.ZodType, depth)
    case 'pipe':
      return arbitraryOf(def.in as z.ZodType, depth)
    case 'lazy':
      return arbitraryOf((def.getter as () => z.ZodType)(), depth + 1)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Whether anything in the input holds a control the gateway refuses. */
function holdsControl(value: unknown): boolean {
  if (typeof value === 'string') return hasUnstorableControl(value)
  if (Array.isArray(value)) return value.some(holdsControl)
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => hasUnstorableControl(key) || holdsControl(item))
  return false
}

// Functions that end the very session the test calls with: refused input never gets that far, and the
// rest of the run needs the session.
const ENDS_THE_SESSION = new Set(['console$signOut', 'console$endSession'])

describe('text in, text clean', () => {
  it('when a console search, a coupon check and an order carry a NUL, then 400 naming the field, never 500', async () => {
    const search = await consoleCall(app, 'orderList', { query: 'a\u0000b' }, { cookie: owner.cookie })
    expect(search.status).toBe(400)
    expect(search.body.data.fields).toEqual({ query: 'errors.controlCharacters' })
    const coupon = await request(app)
      .post(ENDPOINTS.expo.path)
      .set('Routes', 'tickets$checkCoupon')
      .set('Authorization', `Bearer ${token}`)
      .send({ exhibitionId: 1, code: 'SUMMER\u0000' })
    expect(coupon.status).toBe(400)
    expect(coupon.body.data.fields).toEqual({ code: 'errors.controlCharacters' })
    const nested = await request(app)
      .post(ENDPOINTS.expo.path)
      .set('Routes', 'tickets$createOrder')
      .set('Authorization', `Bearer ${userToken}`)
      .send({ exhibitionId: 1, attendees: [{ name: 'ok' }, { name: '王\u0001小明' }], couponCode: 'X\u0000' })
    expect(nested.status).toBe(400)
    // Every problem at once: the controls beside the schema's own refusals.
    expect(nested.body.data.fields).toMatchObject({
      'attendees.1.name': 'errors.controlCharacters',
      couponCode: 'errors.controlCharacters',
      lines: 'errors.invalid',
    })
  })

  it('when a page address carries a NUL in its search or filter, then the page answers without a 5xx (a refused console search says so)', async () => {
    for (const path of ['/en/search.html?keyword=a%00b', '/zh-cn/verify.html?value=%00', '/en/exhibition/news.html?tag=%00', '/en/video.html?category=%01']) {
      const page = await request(app).get(path)
      expect(page.status, path).toBeLessThan(500)
    }
    for (const path of ['/console/visitors?q=a%00b', '/console/orders?q=%00', '/console/comments?q=%00', '/console/media?q=%00', '/console/audit?q=%00']) {
      const page = await request(app).get(path).set('Cookie', owner.cookie)
      expect(page.status, path).toBeLessThan(500)
    }
    const refused = await request(app).get('/console/visitors?q=a%00b').set('Cookie', owner.cookie)
    expect(refused.status, String(refused.headers.location)).toBe(400)
    expect(refused.text).toContain('This address cannot be searched')
  })

  it('when text holds tabs, line breaks (CR LF) and CJK, then the rule lets it through to the function', async () => {
    const search = await consoleCall(app, 'orderList', { query: '王小明\t\r\n' }, { cookie: owner.cookie })
    expect(search.status).toBe(200)
  })

  it('property: every function, visitor and console alike, answers input of its own shape with no 5xx, and refuses controls with 400', async () => {
    const contracts = platform.registry.contracts().filter((contract) => !ENDS_THE_SESSION.has(contract.route ?? ''))
    expect(contracts.length).toBeGreaterThan(100)
    for (const contract of contracts) {
      // A run may have signed the owner out (disabling, resetting): sign a new one in.
      if (contract.endpoint === 'console' && (await consoleCall(app, 'me', {}, { cookie: owner.cookie })).status !== 200) {
        owner = await setUpMember(app, platform.db, ['owner'])
      }
      const endpoint = ENDPOINTS[contract.endpoint]
      const bearer = contract.access === 'user' ? userToken : token
      await fc.assert(
        fc.asyncProperty(arbitraryOf(contract.payload), async (payload) => {
          const call =
            contract.endpoint === 'console'
              ? consoleCall(app, (contract.route ?? '').replace(/^console\$/, ''), payload, { cookie: owner.cookie })
              : endpoint.method === 'GET'
                ? request(app)
                    .get(endpoint.path)
                    .query(payload && typeof payload === 'object' ? (payload as Record<string, string>) : {})
                    .set('Authorization', `Bearer ${bearer}`)
                : request(app)
                    .post(endpoint.path)
                    .set('Content-Type', 'application/json')
                    .set('Routes', contract.route ?? '')
                    .set('Authorization', `Bearer ${bearer}`)
                    .send(JSON.stringify(payload))
          const response = await call.set('LanguageCode', 'en')
          const name = contract.route ?? contract.endpoint
          if (response.status >= 500) throw new Error(`${name} answered ${response.status} to ${JSON.stringify(payload).slice(0, 300)}`)
          // A GET's query reaches the gateway only as flat strings; nested values are not sent the same way.
          const sent = endpoint.method === 'GET' ? Object.values((payload ?? {}) as object).filter((value) => typeof value === 'string') : payload
          if (holdsControl(sent) && response.status !== 400 && response.status !== 401 && response.status !== 403) {
            throw new Error(`${name} answered ${response.status} to a control character: ${JSON.stringify(payload).slice(0, 300)}`)
          }
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
      )
    }
  }, 600_000)
})
