import fc from 'fast-check'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ENDPOINTS } from '../../shared/contracts/define.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTokenSigner } from '../../server/platform/tokens.ts'
import { createTestApp } from '../setup/test-app.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let token: string
let userToken: string

beforeAll(async () => {
  ;({ app, platform } = await createTestApp())
  token = (await request(app).post('/api/token')).body.access_token
  // A logged-in caller too, so that functions for users are exercised past their door.
  const account = await platform.db.query<{ id: string }>(
    "insert into accounts (email, nick) values ('fuzz-' || gen_random_uuid() || '@example.com', 'Fuzz') returning id",
  )
  const accountId = account.rows[0]?.id as string
  const session = await platform.db.query<{ id: string }>("insert into sessions (account_id, expires_at) values ($1, now() + interval '1 day') returning id", [
    accountId,
  ])
  userToken = platform.tokens.issue({ kind: 'user', userId: accountId, sessionId: session.rows[0]?.id as string }).access_token
})

const cv3 = (routes: string, body: unknown, bearer = token) =>
  request(app)
    .post('/gateway/cv3')
    .set('Routes', routes)
    .set('Authorization', `Bearer ${bearer}`)
    .set('LanguageCode', 'en')
    .send(body as object)

describe('the gateway (docs/product.md#error-codes)', () => {
  it('when a known function is called with a valid token, then the envelope carries its data', async () => {
    const response = await cv3('common$languageList', {})
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ succeed: true, ErrorCode: 200 })
    expect(response.body.data.map((option: { LanguageCode: string }) => option.LanguageCode)).toContain('zh-cn')
  })

  it('when the Routes name is unknown, then 404 with its own message', async () => {
    const response = await cv3('nope$nothing', {})
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ succeed: false, ErrorCode: 404, message: 'errors.unknownFunction' })
  })

  it('when the Routes header is missing, then 400', async () => {
    const response = await request(app).post('/gateway/cv3').set('Authorization', `Bearer ${token}`).send({})
    expect(response.body).toMatchObject({ ErrorCode: 400, message: 'errors.missingRoutes' })
  })

  it('when the method is wrong, then 405 with Allow', async () => {
    const response = await request(app).get('/gateway/cv3')
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('POST')
  })

  it('when the token is missing, forged or expired, then 401', async () => {
    expect((await request(app).post('/gateway/cv3').set('Routes', 'common$languageList').send({})).status).toBe(401)
    expect((await cv3('common$languageList', {}, 'v1.e30.forged')).status).toBe(401)
    const past = createTokenSigner('x'.repeat(40), () => Date.now() - 2 * 3600_000).issue({ kind: 'visitor', visitorId: 'v' })
    expect((await cv3('common$languageList', {}, past.access_token)).status).toBe(401)
  })

  it('when a token of ours has expired, then 401, and a new one from /api/token works', async () => {
    const secret = (await platform.db.query<{ value: string }>("select value from platform_secrets where name = 'access-token'")).rows[0]?.value as string
    const expired = createTokenSigner(secret, () => Date.now() - 3601_000).issue({ kind: 'visitor', visitorId: 'old' })
    expect((await cv3('common$languageList', {}, expired.access_token)).body).toMatchObject({ ErrorCode: 401, message: 'errors.token' })
    const renewed = await request(app).post('/api/token')
    expect(renewed.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(String(renewed.headers['set-cookie'])).toMatch(/access_token=.*Max-Age=3600/)
    expect((await cv3('common$languageList', {}, renewed.body.access_token)).status).toBe(200)
  })

  it('when the body is not JSON or too large, then 400 or 413, never 500', async () => {
    const broken = await request(app).post('/gateway/cv3').set('Routes', 'common$languageList').set('Content-Type', 'application/json').send('{"a":')
    expect(broken.status).toBe(400)
    const huge = await request(app)
      .post('/gateway/cv3')
      .set('Routes', 'common$languageList')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200_000) }))
    expect(huge.status).toBe(413)
  })

  it('when the payload is invalid, then 400 with field errors as translation keys', async () => {
    const response = await cv3('common$countryList', { LanguageCode: 'klingon' })
    expect(response.status).toBe(400)
    expect(response.body.data.fields.LanguageCode).toMatch(/^errors\./)
  })

  it('when a GET endpoint is called, then its query is the payload', async () => {
    const response = await request(app).get('/api/v1/getipgeo').query({ ip: '223.5.5.5' })
    expect(response.body.data).toEqual({ country_code: 'cn', numeric_code: '156', known: true })
    const local = await request(app).get('/api/v1/getipgeo').query({ ip: '10.0.0.1' })
    expect(local.body.data.known).toBe(false)
  })
})

/** Random values of every JSON shape, and objects whose keys are the function's own field names. */
function payloadsFor(schema: z.ZodType) {
  const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
  const hostileString = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom('<script>alert(1)</script>', "' OR 1=1 --", '\u202e\u0000\ud800', '__proto__', 'constructor', 'x'.repeat(5000), '%00', '../../etc/passwd'),
  )
  const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null))
  const shaped = shape.length ? fc.dictionary(fc.constantFrom(...shape, '__proto__', 'extra'), value, { maxKeys: shape.length + 2 }) : fc.constant({})
  return fc.oneof(fc.jsonValue({ maxDepth: 4 }), shaped)
}

describe('property: random payloads never give a 500', () => {
  it('for every registered function on every endpoint', async () => {
    const contracts = platform.registry.contracts()
    expect(contracts.length).toBeGreaterThan(0)
    for (const contract of contracts) {
      const endpoint = ENDPOINTS[contract.endpoint]
      const bearer = contract.access === 'user' ? userToken : token
      await fc.assert(
        fc.asyncProperty(payloadsFor(contract.payload), async (payload) => {
          const call =
            endpoint.method === 'GET'
              ? request(app)
                  .get(endpoint.path)
                  .query(payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, string>) : {})
              : request(app).post(endpoint.path).set('Content-Type', 'application/json').send(JSON.stringify(payload))
          const response = await call
            .set('Authorization', `Bearer ${bearer}`)
            .set('Routes', contract.route ?? '')
            .set('LanguageCode', 'en')
          if (response.status >= 500)
            throw new Error(`${contract.route ?? contract.endpoint} answered ${response.status} to ${JSON.stringify(payload).slice(0, 300)}`)
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
      )
    }
  }, 300_000)
})

describe('read cache (contract cacheSeconds)', () => {
  it('when a cacheable read is asked twice, then the second answer comes without the database, until content changes', async () => {
    const { app: cachedApp, platform: cachedPlatform } = await createTestApp({ env: { READ_CACHE: 'on' } })
    const visitor = (await request(cachedApp).post('/api/token')).body.access_token
    const list = () =>
      request(cachedApp)
        .post('/wikifxweb-v1/wikiexpo/invoke-v1')
        .set('Routes', 'expo$listBulletins')
        .set('Authorization', `Bearer ${visitor}`)
        .set('LanguageCode', 'en')
        .send({})
    const first = await list()
    expect(first.status).toBe(200)
    const queries: string[] = []
    const original = cachedPlatform.db.query.bind(cachedPlatform.db)
    ;(cachedPlatform.db as { query: typeof original }).query = (async (sql: string, params?: readonly unknown[]) => {
      queries.push(sql)
      return original(sql, params)
    }) as typeof original
    try {
      const second = await list()
      expect(second.body.data).toEqual(first.body.data)
      expect(queries).toEqual([])
      cachedPlatform.contentChanged({ scope: 'bulletins' })
      await list()
      expect(queries.length).toBeGreaterThan(0)
    } finally {
      ;(cachedPlatform.db as { query: typeof original }).query = original
    }
  })
})
