import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import type { PageCache } from '../../server/http/page-cache.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp } from '../setup/test-app.ts'

let handler: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let cache: PageCache
let clock = 1_000_000

beforeAll(async () => {
  // The stack production runs: createTestApp puts the page cache in front, as server/index.ts does.
  const made = await createTestApp({ deps: { now: () => clock } })
  ;({ app: handler, platform } = made)
  if (!made.pageCache) throw new Error('the test app runs without its page cache')
  cache = made.pageCache
})

beforeEach(async () => {
  await cache.idle()
  clock = 1_000_000
  cache.clear()
})

const CHINA = '223.5.5.5'
const GERMANY = '91.0.0.1'

describe('rendered-page cache', () => {
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

  it('when an anonymous page may be kept by a shared cache, then neither its render nor its copies set a cookie', async () => {
    for (const attempt of ['render', 'hit', 'hit with a stale token']) {
      const response = await request(handler)
        .get('/en')
        .set('Cookie', attempt === 'hit with a stale token' ? `${COOKIES.accessToken}=expired` : '')
      expect(response.status, attempt).toBe(200)
      expect(response.headers['cache-control'], attempt).toContain('s-maxage=')
      expect(response.headers['set-cookie'], attempt).toBeUndefined()
    }
  })

  it('when the page is private to the visitor (the China notice), then the token it was rendered with comes along; its copies carry none', async () => {
    const rendered = await request(handler).get('/en').set('X-Forwarded-For', CHINA)
    expect(rendered.headers['cache-control']).toBe('private, no-store')
    expect(String(rendered.headers['set-cookie'])).toMatch(/^access_token=[^;]+; Max-Age=3600; Path=\/; .*SameSite=Lax/)
    const copy = await request(handler).get('/en').set('X-Forwarded-For', CHINA)
    expect(copy.headers['x-page-cache']).toBe('hit')
    expect(copy.headers['set-cookie']).toBeUndefined()
  })

  it('when a visitor of a shared page makes a first gateway call, then POST /api/token gives it its own token, never stored', async () => {
    await request(handler).get('/en')
    const tokens = await Promise.all([request(handler).post('/api/token'), request(handler).post('/api/token')])
    for (const response of tokens) {
      expect(response.headers['cache-control']).toBe('no-store')
      expect(String(response.headers['set-cookie'])).toContain(`access_token=${response.body.access_token}`)
    }
    expect(tokens[0]?.body.access_token).not.toBe(tokens[1]?.body.access_token)
    expect(platform.tokens.verify(tokens[0]?.body.access_token).ok).toBe(true)
  })

  it('when content changes, then the next request renders again', async () => {
    await request(handler).get('/en')
    expect((await request(handler).get('/en')).headers['x-page-cache']).toBe('hit')
    platform.contentChanged({ scope: 'exhibitions' })
    expect((await request(handler).get('/en')).headers['x-page-cache']).toBeUndefined()
  })

  // The stale copy serving others meanwhile is checked with a held render in server/http/page-cache.test.ts.
  it('when the TTL has passed, then a request renders again and the fresh copy serves the next ones', async () => {
    await request(handler).get('/en')
    await cache.idle()
    clock += 31_000
    expect((await request(handler).get('/en')).headers['x-page-cache']).toBeUndefined()
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

  it('when a page is asked with tracking parameters, then it is the plain copy, and its canonical link carries none', async () => {
    const plain = await request(handler).get('/en')
    const tracked = await request(handler).get('/en?utm_source=newsletter&utm_medium=email&fbclid=abc&gclid=1&msclkid=2')
    expect(tracked.headers['x-page-cache']).toBe('hit')
    expect(tracked.text).toBe(plain.text)
    const fresh = await request(handler).get('/ja?utm_source=newsletter&fbclid=abc')
    expect(fresh.headers['x-page-cache']).toBeUndefined()
    expect(fresh.text).toMatch(/<link rel="canonical" href="[^"?]+\/ja"/)
    expect(fresh.text).not.toMatch(/utm_source|fbclid/)
    expect((await request(handler).get('/ja')).headers['x-page-cache']).toBe('hit')
    expect(cache.stats().entries).toBe(2)
  })

  it('when a parameter the page does not read is added, then no new copy is made', async () => {
    await request(handler).get('/en/exhibition/news.html')
    for (const value of ['1', '2', 'x']) {
      expect((await request(handler).get(`/en/exhibition/news.html?unknown=${value}`)).headers['x-page-cache']).toBe('hit')
    }
    expect(cache.stats().entries).toBe(1)
  })

  it('when a parameter the page reads changes, then each value has its own copy', async () => {
    const first = await request(handler).get('/en/exhibition/news.html')
    const second = await request(handler).get('/en/exhibition/news.html?page=2&utm_source=x')
    expect(second.headers['x-page-cache']).toBeUndefined()
    expect(second.text).not.toBe(first.text)
    expect((await request(handler).get('/en/exhibition/news.html?page=2')).headers['x-page-cache']).toBe('hit')
    expect(cache.stats().entries).toBe(2)
  })

  it('when one path is asked with more values than its cap on copies, then the cache keeps no more than the cap', async () => {
    for (let index = 0; index < 66; index++) await request(handler).get(`/en/exhibition/news.html?tag=t${index}`)
    expect(cache.stats().entries).toBe(64)
    expect(cache.stats().capped).toBe(2)
    // 66 renders: room for a busy machine.
  }, 180_000)

  it('when a copy is asked for in brotli, gzip or neither, then each decodes to the same page', async () => {
    const plain = await request(handler).get('/en').set('Accept-Encoding', 'identity')
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await request(handler).get('/en').set('Accept-Encoding', encoding)
      expect(response.headers['x-page-cache'], encoding).toBe('hit')
      expect(response.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding)
      expect(response.text, encoding).toBe(plain.text)
    }
    await cache.idle()
    const best = await request(handler).get('/en').set('Accept-Encoding', 'br')
    expect(best.text).toBe(plain.text)
  })
})
