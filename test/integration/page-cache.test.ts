import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COOKIES } from '../../src/api/contracts/cookies.ts'
import { createPageCache, type PageCache, visitorTokenFor } from '../../server/http/page-cache.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, testGeo } from '../setup/test-app.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let cache: PageCache
let handler: ReturnType<PageCache['handler']>
let clock = 1_000_000

beforeAll(async () => {
  ;({ app, platform } = await createTestApp())
})

beforeEach(() => {
  clock = 1_000_000
  cache = createPageCache({
    ttlSeconds: 30,
    staleSeconds: 300,
    maxBytes: 5 * 1024 * 1024,
    geo: testGeo(),
    trustProxy: app.get('trust proxy fn'),
    personalCookies: [COOKIES.login],
    visitorToken: visitorTokenFor(platform),
    secureCookies: false,
    now: () => clock,
  })
  platform.onContentChanged(() => cache.clear())
  handler = cache.handler(app)
})

const CHINA = '223.5.5.5'
const GERMANY = '91.0.0.1'

describe('rendered-page cache (issue 6)', () => {
  it('when the same anonymous page is asked twice, then the second is a hit with the same body', async () => {
    const first = await request(handler).get('/en').set('X-Forwarded-For', GERMANY)
    expect(first.status).toBe(200)
    expect(first.headers['x-page-cache']).toBeUndefined()
    const second = await request(handler).get('/en').set('X-Forwarded-For', GERMANY)
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(second.text).toBe(first.text)
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    expect(second.headers['cache-control']).toContain('s-maxage=30')
  })

  it('when the client accepts brotli or gzip, then the precompressed body is sent', async () => {
    await request(handler).get('/en')
    const brotli = await request(handler).get('/en').set('Accept-Encoding', 'gzip, br')
    expect(brotli.headers['content-encoding']).toBe('br')
    const gzipped = await request(handler).get('/en').set('Accept-Encoding', 'gzip')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.text).toBe(brotli.text)
  })

  it('when a visitor in China asks, then never the copy made for a visitor elsewhere, and the other way round', async () => {
    const elsewhere = await request(handler).get('/en').set('X-Forwarded-For', GERMANY)
    const china = await request(handler).get('/en').set('X-Forwarded-For', CHINA)
    expect(china.headers['x-page-cache']).toBeUndefined()
    expect(china.text).toContain('data-testid="china-notice"')
    expect(elsewhere.text).not.toContain('data-testid="china-notice"')
    expect(china.headers['cache-control']).toBe('private, no-store')
    const chinaAgain = await request(handler).get('/en').set('X-Forwarded-For', CHINA)
    expect(chinaAgain.headers['x-page-cache']).toBe('hit')
    expect(chinaAgain.text).toContain('data-testid="china-notice"')
    const passed = await request(handler).get('/en').set('X-Forwarded-For', CHINA).set('Cookie', `${COOKIES.chinaPass}=1`)
    expect(passed.text).not.toContain('data-testid="china-notice"')
  })

  it('when phones and desktops ask, then each gets its own copy', async () => {
    const phone = await request(handler).get('/en').set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')
    const desktop = await request(handler).get('/en').set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64)')
    expect(desktop.headers['x-page-cache']).toBeUndefined()
    expect(phone.text).toContain('"mobile":true')
    expect(desktop.text).toContain('"mobile":false')
  })

  it('when the visitor carries the login cookie, then the cache is neither read nor written', async () => {
    await request(handler).get('/en')
    const personal = await request(handler).get('/en').set('Cookie', `${COOKIES.login}=abc`)
    expect(personal.headers['x-page-cache']).toBeUndefined()
  })

  it('when a hit is served, then each visitor gets a token of their own, never the one of the render', async () => {
    const first = await request(handler).get('/en')
    const renderToken = String(first.headers['set-cookie'] ?? '')
    const a = await request(handler).get('/en')
    const b = await request(handler).get('/en')
    const tokenOf = (response: request.Response) => /access_token=([^;]+)/.exec(String(response.headers['set-cookie']))?.[1]
    expect(tokenOf(a)).toBeDefined()
    expect(tokenOf(a)).not.toBe(tokenOf(b))
    expect(renderToken).not.toContain(tokenOf(a) as string)
    const withToken = await request(handler)
      .get('/en')
      .set('Cookie', `${COOKIES.accessToken}=${tokenOf(a)}`)
    expect(withToken.headers['set-cookie']).toBeUndefined()
  })

  it('when content changes, then the next request renders again', async () => {
    await request(handler).get('/en')
    expect((await request(handler).get('/en')).headers['x-page-cache']).toBe('hit')
    platform.contentChanged({ scope: 'exhibitions' })
    expect((await request(handler).get('/en')).headers['x-page-cache']).toBeUndefined()
  })

  it('when the TTL has passed, then one request renders while the stale copy serves others', async () => {
    await request(handler).get('/en')
    await cache.idle()
    clock += 31_000
    const states = (await Promise.all([request(handler).get('/en'), request(handler).get('/en')])).map((response) => response.headers['x-page-cache'])
    expect(states.sort()).toEqual(['stale', undefined])
    await cache.idle()
    expect((await request(handler).get('/en')).headers['x-page-cache']).toBe('hit')
  })

  it('when many ask for a cold page at once, then it is rendered once', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => request(handler).get('/ja')))
    expect(responses.every((response) => response.status === 200)).toBe(true)
    expect(responses.filter((response) => response.headers['x-page-cache'] === undefined)).toHaveLength(1)
  })

  it('when a redirect, an API call or a 405 passes, then nothing is stored', async () => {
    await request(handler).get('/')
    await request(handler).get('/HealthCheck/Get')
    await request(handler).post('/en')
    expect(cache.stats().entries).toBe(0)
  })

  it('when the client already holds the page, then 304 from its ETag', async () => {
    await request(handler).get('/en')
    const hit = await request(handler).get('/en')
    const again = await request(handler).get('/en').set('If-None-Match', String(hit.headers.etag))
    expect(again.status).toBe(304)
  })

  it('when a 404 page is asked, then it is cached too, with its status', async () => {
    await request(handler).get('/en/nope')
    const second = await request(handler).get('/en/nope')
    expect(second.status).toBe(404)
    expect(second.headers['x-page-cache']).toBe('hit')
  })
})
