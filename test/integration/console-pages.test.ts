import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { noAssets } from '../../server/http/assets.ts'
import { render as renderConsole } from '../../src/console/entry-server.tsx'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * The console's pages (docs/product.md#console-where): outside the language prefix, personal, never indexed,
 * and behind sign-in, decided on the server before anything renders.
 */
let app: App
let db: Database
let pageCache: Awaited<ReturnType<typeof createTestApp>>['pageCache']
let owner: SignedInMember
let editor: SignedInMember

beforeAll(async () => {
  ;({ app, db, pageCache } = await createTestApp({ deps: { console: { render: renderConsole, assets: noAssets } } }))
  await resetDatabase(db)
  setMoment('2027-04-01T08:00:00Z')
  owner = await setUpMember(app, db, ['owner'])
  editor = await setUpMember(app, db, ['editor'])
})

afterAll(() => {
  vi.useRealTimers()
})

describe('console pages', () => {
  it('when nobody is signed in, then every console page redirects to sign-in on the server, remembering the page', async () => {
    const home = await request(app).get('/console')
    expect(home.status).toBe(302)
    expect(home.headers.location).toBe('/console/sign-in')
    expect(home.headers['cache-control']).toBe('private, no-store')
    const audit = await request(app).get('/console/audit?page=2')
    expect(audit.headers.location).toBe('/console/sign-in?next=%2Fconsole%2Faudit%3Fpage%3D2')
  })

  it('when the sign-in page is asked for, then it is personal, never indexed and in the browser language', async () => {
    const english = await request(app).get('/console/sign-in')
    expect(english.status).toBe(200)
    expect(english.headers['cache-control']).toBe('private, no-store')
    expect(english.headers['x-robots-tag']).toMatch(/noindex/)
    expect(english.text).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(english.text).toContain('<html lang="en"')
    const chinese = await request(app).get('/console/sign-in').set('Accept-Language', 'zh-CN,zh;q=0.9')
    expect(chinese.text).toContain('<html lang="zh-Hans"')
    expect(chinese.text).toContain('登录')
    await request(app).get('/console/sign-in')
    expect(pageCache?.stats().stored ?? 0).toBe(0)
  })

  it('when a headless browser (a crawler to the server) opens an editor whose parts load on demand, then no part is left unfinished', async () => {
    const editorAs = (browser: string) =>
      request(app)
        .get('/console/content/news/new')
        .set('Cookie', owner.cookie)
        .set('User-Agent', `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ${browser}/131.0.0.0 Safari/537.36`)
    // "<!--$!-->" marks a part the server gave up on: the browser would report React's error 419.
    const headless = await editorAs('HeadlessChrome')
    expect(headless.status).toBe(200)
    expect(headless.text).not.toContain('<!--$!-->')
    // A person's browser gets the shell first and each part as it is ready, in the same answer.
    const person = await editorAs('Chrome')
    expect(person.status).toBe(200)
    expect(person.text).not.toContain('<!--$!-->')
    // The parts streamed after the shell are put in place by React's inline scripts: the answer's CSP
    // lets exactly those run, by a nonce of this answer alone.
    for (const answer of [headless, person]) {
      const nonce = /script-src 'nonce-([^']+)'/.exec(answer.headers['content-security-policy'] ?? '')?.[1]
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      const inline = [...answer.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)([^>]*)>/g)].map((match) => match[1])
      expect(inline.length).toBeGreaterThan(0)
      for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`)
    }
    expect(headless.headers['content-security-policy']).not.toBe(person.headers['content-security-policy'])
  })

  it('when a member is signed in, then home greets them in their language and sign-in moves on, never off the console', async () => {
    const home = await request(app).get('/console').set('Cookie', owner.cookie)
    expect(home.status).toBe(200)
    expect(home.text).toContain('Welcome')
    expect((await request(app).get('/console/sign-in?next=%2Fconsole%2Fsessions').set('Cookie', owner.cookie)).headers.location).toBe('/console/sessions')
    expect((await request(app).get('/console/sign-in?next=%2F%2Fevil.example%2Fconsole').set('Cookie', owner.cookie)).headers.location).toBe('/console')

    await consoleCall(app, 'setLanguage', { language: 'zh' }, { cookie: owner.cookie })
    const traditional = await request(app).get('/console').set('Cookie', owner.cookie)
    expect(traditional.text).toContain('<html lang="zh-Hant"')
    expect(traditional.text).toContain('歡迎')
  })

  it('when the payments queue is paged, then the page comes from the address and a wrong one is the first', async () => {
    await consoleCall(app, 'setLanguage', { language: 'en' }, { cookie: owner.cookie })
    const first = await request(app).get('/console/payments?page=oops').set('Cookie', owner.cookie)
    expect(first.status).toBe(200)
    expect(first.text).toContain('Page 1 of 1 (0 payments)')
    expect(first.text).toContain('aria-label="Late payments pages"')
    const later = await request(app).get('/console/payments?show=all&page=3').set('Cookie', owner.cookie)
    expect(later.text).toContain('Page 3 of 1 (0 payments)')
    expect(later.text).toContain('href="/console/payments?show=all&amp;page=2"')
  })

  it('when a role may not use a section, then the page says so with 403 inside the shell', async () => {
    const staff = await request(app).get('/console/staff').set('Cookie', editor.cookie)
    expect(staff.status).toBe(403)
    expect(staff.text).toContain('No access')
    expect(staff.text).toContain('Sessions')
  })

  it('when a member only works the door, then they land on the check-in screen, the one page whose CSP lets WebAssembly compile', async () => {
    const door = await setUpMember(app, db, ['checkin'])
    const home = await request(app).get('/console').set('Cookie', door.cookie)
    expect(home.status).toBe(302)
    expect(home.headers.location).toBe('/console/checkin')
    const screen = await request(app).get('/console/checkin').set('Cookie', door.cookie)
    expect(screen.status).toBe(200)
    expect(screen.text).toContain('Your door')
    expect(screen.headers['content-security-policy']).toMatch(/script-src (?:'nonce-[^']+' )?'wasm-unsafe-eval' 'self'/)
    expect(screen.headers['cache-control']).toBe('private, no-store')
    const sessions = await request(app).get('/console/sessions').set('Cookie', door.cookie)
    expect(sessions.headers['content-security-policy']).not.toContain('wasm-unsafe-eval')
    expect((await request(app).get('/console').set('Cookie', owner.cookie)).status).toBe(200)
    expect((await request(app).get('/console/checkin').set('Cookie', editor.cookie)).status).toBe(403)
  })

  it('when a set-up link is wrong or a page is not GET, then the answer is a message or 405, never a 500', async () => {
    const wrong = await request(app).get('/console/setup/%3Cscript%3Ealert(1)%3C%2Fscript%3E')
    expect(wrong.status).toBe(200)
    expect(wrong.text).toContain('Set-up link not valid')
    expect(wrong.text).not.toContain('<script>alert(1)')
    expect((await request(app).post('/console/sign-in').send({})).status).toBe(405)
  })
})
