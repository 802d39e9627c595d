import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import en from '../../locales/en/verify.json' with { type: 'json' }
import zhCn from '../../locales/zh-cn/verify.json' with { type: 'json' }
import type { Platform } from '../../server/platform/platform.ts'
import { seedVerification } from '../../server/platform/verification/seed.ts'
import { QUERY_LIMITS } from '../../server/platform/verification/verification.service.ts'
import { COOKIES, LANGUAGE_CHOICE_PATH, languageChoiceHref } from '../../shared/contracts/cookies.ts'
import { demoAsWritten } from '../setup/demo-clock.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

/** What a visitor reaches without JavaScript, the remembered language, the favicon. */
let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform

let nextAddress = 0
const freshIp = () => {
  nextAddress += 1
  return `10.71.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`
}

beforeAll(async () => {
  const test = await createTestApp({ domains: ['site', 'verification'] })
  app = test.app
  platform = test.platform
})

beforeEach(async () => {
  await resetDatabase(platform.db)
  await platform.db.transaction((tx) => seedVerification(platform, platform.services.verification, tx, demoAsWritten(platform)))
})

const cookieOf = (response: request.Response) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${COOKIES.language}=`))

describe('the language picked in the menu is remembered', () => {
  it('when Spanish is picked, then the cookie is set and the visitor lands on the Spanish page', async () => {
    const response = await request(app).get(languageChoiceHref('/es/about.html?x=1'))
    expect(response.status).toBe(303)
    expect(response.headers.location).toBe('/es/about.html?x=1')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(cookieOf(response)).toMatch(/^expo_lang=es; Max-Age=31536000; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/)
  })

  it('when a visitor who picked Spanish opens / or an unprefixed path with an English browser, then Spanish, and no cache keeps that answer', async () => {
    const home = await request(app).get('/').set('Accept-Language', 'en-US,en;q=0.9').set('Cookie', `${COOKIES.language}=es`)
    expect(home.status).toBe(302)
    expect(home.headers.location).toBe('/es')
    expect(home.headers.vary).toMatch(/^Accept-Language, Cookie\b/)
    expect(home.headers['cache-control']).toBe('private, no-store')
    const about = await request(app).get('/about.html?tab=2').set('Accept-Language', 'en').set('Cookie', `${COOKIES.language}=es`)
    expect(about.headers.location).toBe('/es/about.html?tab=2')
    // Without the cookie the browser's language decides, as before.
    expect((await request(app).get('/').set('Accept-Language', 'en')).headers.location).toBe('/en')
  })

  it('when the visitor opens a shared /en/ link, then it stays English and the choice is not changed', async () => {
    const shared = await request(app).get('/en/about.html').set('Accept-Language', 'en').set('Cookie', `${COOKIES.language}=es`)
    expect(shared.status).toBe(200)
    expect(shared.text).toContain('<html lang="en"')
    expect(cookieOf(shared)).toBeUndefined()
  })

  it('when the remembered language is not one of ours, then it is ignored', async () => {
    const home = await request(app).get('/').set('Accept-Language', 'ja').set('Cookie', `${COOKIES.language}=xx`)
    expect(home.headers.location).toBe('/ja')
  })

  it('when the target is not a page of this site under a live language, then 400 and no cookie (never an open redirect)', async () => {
    for (const to of ['//evil.example/es', 'https://evil.example/es', '/\\evil.example', '/xx/about.html', '/esx', 'es/about.html', '']) {
      const response = await request(app).get(`${LANGUAGE_CHOICE_PATH}?${new URLSearchParams({ to })}`)
      expect(response.status, to).toBe(400)
      expect(response.body, to).toMatchObject({ succeed: false, ErrorCode: 400, message: 'errors.invalid' })
      expect(cookieOf(response), to).toBeUndefined()
    }
    expect((await request(app).get(LANGUAGE_CHOICE_PATH)).status).toBe(400)
  })

  it('when a URL names a region variant of one of our languages, then 301 to it, the same for everyone', async () => {
    const cases = [
      ['/zh-tw/about.html?x=1', '/zh/about.html?x=1'],
      ['/en-us/verify.html', '/en/verify.html'],
      ['/en-GB', '/en'],
      ['/zh-Hant/news', '/zh/news'],
      ['/ZH-CN/about.html', '/zh-cn/about.html'],
    ]
    for (const [from, to] of cases) {
      const response = await request(app)
        .get(from as string)
        .set('Accept-Language', 'ja')
        .set('Cookie', `${COOKIES.language}=es`)
      expect(response.status, from).toBe(301)
      expect(response.headers.location, from).toBe(to)
      expect(response.headers.vary ?? '', from).not.toMatch(/Cookie|Accept-Language/)
    }
  })
})

describe('the favicon', () => {
  it('when /favicon.ico is asked, then the icon itself, not a redirect', async () => {
    const response = await request(app).get('/favicon.ico')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
    expect((response.body as Buffer).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))
  })
})

describe('verification without JavaScript: /{lang}/verify.html?value=', () => {
  const page = (path: string, ip = freshIp()) => request(app).get(path).set('X-Forwarded-For', ip)

  it('when an official value is asked, then the server renders the official answer, never for a shared cache', async () => {
    const response = await page(`/en/verify.html?value=${encodeURIComponent('+44 20 7946 0000')}`)
    expect(response.status).toBe(200)
    expect(response.text).toContain(`>${en.result.official.title}</h2>`)
    expect(response.text).toContain('+44 20 7946 0000')
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.headers['x-page-cache']).toBeUndefined()
  })

  it('when a look-alike is asked in zh-cn, then the non-official answer with its warning, labelled as the query', async () => {
    const response = await page(`/zh-cn/verify.html?value=${encodeURIComponent('contact@aurum-expo.example.com')}`)
    expect(response.status).toBe(200)
    expect(response.text).toContain(`>${zhCn.result.unofficial.title}</h2>`)
    expect(response.text).toContain(zhCn.result.checked.replace('{{type}}', '电子邮箱'))
    expect(response.text).not.toContain('已核实')
  })

  it('when an invalid value is asked, then 400 with its message in the form', async () => {
    const response = await page(`/en/verify.html?value=${encodeURIComponent('+44 12')}`)
    expect(response.status).toBe(400)
    expect(response.text).toContain(`role="alert">${en.errors.phone}</p>`)
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('when the address is over the limit, then an invalid entry still shows its own message; a valid one, the limit', async () => {
    const ip = freshIp()
    const limit = QUERY_LIMITS[0]?.points as number
    for (let index = 0; index < limit; index += 1) await page(`/en/verify.html?value=${encodeURIComponent(`+44 20 7946 ${1000 + index}`)}`, ip).expect(200)
    const limited = await page(`/en/verify.html?value=${encodeURIComponent('+44 20 7946 0000')}`, ip)
    expect(limited.status).toBe(429)
    expect(limited.text).toContain('Too many attempts.')
    const invalid = await page(`/en/verify.html?value=${encodeURIComponent('x@y')}`, ip)
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain(en.errors.email)
  })

  it('when the page has no value, then it stays shareable and the form sends itself to this address', async () => {
    const response = await page('/en/verify.html')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toMatch(/^public/)
    const form = /<form[^>]*>/.exec(response.text.slice(response.text.indexOf('id="main"')))?.[0] ?? ''
    expect(form).toContain('method="get"')
    expect(form).toContain('action="/en/verify.html"')
    expect(response.text).toContain(en.tabs.query)
    expect(response.text).toContain(en.file.noScript)
  })
})
