import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChannelVerdict } from '../../shared/contracts/verification.ts'
import type { Database } from '../../server/db/client.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'

/**
 * Web domains, app links, IBANs and invite links in the register (docs/product.md#verification-web),
 * registered in the console and asked through the gateway and the public JSON endpoint
 * (docs/product.md#verification-api): official, look-alike, unknown, refused, limited.
 */

const INVOKE = '/wikifxweb-v1/wikiexpo/invoke-v1'
let app: App
let db: Database
let verifier: SignedInMember
let visitorToken: string

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  verifier = await setUpMember(app, db, ['verifier'])
  visitorToken = (await request(app).post('/api/token')).body.access_token
})

const save = (channel: Record<string, unknown>, member = verifier) =>
  consoleCall(app, 'saveRegisterChannel', { purpose: 'general', since: '2024-03-01', public: true, note: '', ...channel }, { cookie: member.cookie })

let nextAddress = 0
const freshIp = () => {
  nextAddress += 1
  return `10.72.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`
}

async function gatewayCheck(value: string): Promise<ChannelVerdict> {
  const response = await request(app)
    .post(INVOKE)
    .set('Routes', 'expo$verifyChannel')
    .set('Authorization', `Bearer ${visitorToken}`)
    .set('CountryCode', '826')
    .set('X-Forwarded-For', freshIp())
    .send({ value })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data as ChannelVerdict
}

const api = (query: Record<string, string | string[]>, ip = freshIp()) => request(app).get('/api/verify').query(query).set('X-Forwarded-For', ip)

async function registerOurs() {
  await save({ kind: 'domain', value: 'https://www.Aurum-Expo.com/' }).expect(200)
  await save({ kind: 'iban', value: 'GB82 WEST 1234 5698 7654 32', purpose: 'payments' }).expect(200)
  await save({ kind: 'telegram', value: 'https://t.me/+AbCdEfGhIjK12345', purpose: 'community' }).expect(200)
}

describe('the console register takes the new kinds', () => {
  it('when a verifier registers a domain, an IBAN, an app and an invite link, then each is kept in its compared form', async () => {
    const domain = await save({ kind: 'domain', value: 'https://www.Aurum-Expo.com/en/tickets?x=1' })
    expect(domain.status, JSON.stringify(domain.body)).toBe(200)
    expect(domain.body.data).toMatchObject({ kind: 'domain', display: 'aurum-expo.com' })
    const idn = await save({ kind: 'domain', value: 'аурум.рф' }).expect(200)
    expect(idn.body.data.display).toBe('аурум.рф (xn--80ayllb.xn--p1ai)')
    expect((await save({ kind: 'iban', value: 'gb82west12345698765432' }).expect(200)).body.data.display).toBe('GB82 WEST 1234 5698 7654 32')
    const app = await save({ kind: 'app', value: 'https://play.google.com/store/apps/details?id=com.aurumexpo.app&hl=en' }).expect(200)
    expect(app.body.data.display).toBe('Google Play com.aurumexpo.app')
    expect((await save({ kind: 'telegram', value: 't.me/+AbCdEfGhIjK12345' }).expect(200)).body.data.display).toBe('t.me/+AbCdEfGhIjK12345')
    expect((await save({ kind: 'instagram', value: 'https://www.instagram.com/aurum.expo/' }).expect(200)).body.data.display).toBe('@aurum.expo')
  })

  it.each([
    ['domain', 'http://127.0.0.1/', 'console:errors.registerDomain'],
    ['domain', 'https://aurum-expo.com/app.apk', 'console:errors.registerDomain'],
    ['iban', 'GB83 WEST 1234 5698 7654 32', 'console:errors.registerIban'],
    ['app', 'AurumExpo', 'console:errors.registerApp'],
    ['bankAccount', 'ABC-12', 'console:errors.registerBankAccount'],
  ])('when a %s is registered as %j, then it is refused on its field with %s and nothing is kept', async (kind, value, message) => {
    const refused = await save({ kind, value })
    expect([refused.status, refused.body.data?.fields]).toEqual([400, { value: message }])
    expect((await db.query('select 1 from verification_channels')).rows).toHaveLength(0)
  })

  it('when a member without the verifier role registers a domain, then it is refused and nothing is kept', async () => {
    const editor = await setUpMember(app, db, ['editor'])
    const refused = await save({ kind: 'domain', value: 'aurum-expo.com' }, editor)
    expect(refused.status).toBe(403)
    expect((await db.query('select 1 from verification_channels')).rows).toHaveLength(0)
  })
})

describe('the public check answers the new kinds', () => {
  it.each([
    ['https://tickets.aurum-expo.com/pay?order=1', 'domain', 'aurum-expo.com'],
    ['AURUM-EXPO.COM', 'domain', 'aurum-expo.com'],
    ['GB82WEST12345698765432', 'iban', null],
    ['https://t.me/+AbCdEfGhIjK12345', 'chat', null],
  ])('when %j is asked through the gateway, then it is official (%s), comparing %s', async (value, type, compared) => {
    await registerOurs()
    const answer = await gatewayCheck(value)
    expect(answer).toMatchObject({ verdict: 'official', query: { type, compared }, sameKind: [] })
  })

  it.each([
    ['https://аurum-expo.com/login', 'characters', ['mixedScripts', 'internationalDomain']],
    ['aurum-expo.net', 'domain', []],
    ['aurum-expoo.com', 'typo', []],
    ['https://aurum-expo-support.com/', 'domain', []],
  ])('when the look-alike %j is asked, then it is not official, names ours (%s) and lists our domain to use instead', async (value, reason, notices) => {
    await registerOurs()
    const answer = await gatewayCheck(value)
    expect(answer).toMatchObject({ verdict: 'unofficial', lookalike: { reason, resembles: 'aurum-expo.com' }, notices })
    expect(answer.sameKind.map((channel) => channel.display)).toEqual(['aurum-expo.com'])
  })

  it('when an APK on our own domain is asked, then it is never official and says why', async () => {
    await registerOurs()
    const answer = await gatewayCheck('https://aurum-expo.com/download/AurumExpo.apk')
    expect(answer).toMatchObject({ verdict: 'unofficial', lookalike: null, notices: ['apkDownload'] })
  })

  it('when an IBAN with wrong check digits or another invite link is asked, then it is not official, with the notice and our channel of that kind', async () => {
    await registerOurs()
    const iban = await gatewayCheck('GB82 WEST 1234 5698 7654 33')
    expect(iban).toMatchObject({ verdict: 'unofficial', notices: ['ibanChecksum'] })
    expect(iban.sameKind.map((channel) => channel.display)).toEqual(['GB82 WEST 1234 5698 7654 32'])
    const invite = await gatewayCheck('https://t.me/+ZzYyXxWwVv98765')
    expect(invite).toMatchObject({ verdict: 'unofficial', lookalike: null, notices: ['inviteLink'] })
    expect(invite.sameKind.map((channel) => channel.display)).toEqual(['t.me/+AbCdEfGhIjK12345'])
  })

  it('when a local account number is registered, then it is official however it is spaced or labelled, and an unknown card number lists our bank accounts', async () => {
    await registerOurs()
    expect((await save({ kind: 'bankAccount', value: '004-123456-001', purpose: 'payments' }).expect(200)).body.data.display).toBe('004-123456-001')
    expect(await gatewayCheck('账号：004 123456 001')).toMatchObject({ verdict: 'official', query: { type: 'bankAccount' } })
    expect(await gatewayCheck('Account: 004123456001')).toMatchObject({ verdict: 'official', query: { type: 'bankAccount' } })
    const card = await gatewayCheck('6222 0212 3456 7890')
    expect(card).toMatchObject({ verdict: 'unofficial', query: { type: 'bankAccount', display: '6222 0212 3456 7890' } })
    expect(card.sameKind.map((channel) => channel.kind).sort()).toEqual(['bankAccount', 'iban'])
  })

  it('when the verification page is asked without scripts, then the server answers each new kind in the page', async () => {
    await registerOurs()
    for (const [value, text] of [
      ['aurum-expoo.com', 'by one letter added, left out, changed or swapped'],
      ['https://t.me/+ZzYyXxWwVv98765', 'invite link to a private group'],
      ['GB82 WEST 1234 5698 7654 32', 'This is an official channel'],
    ]) {
      const page = await request(app).get('/en/verify.html').query({ value }).set('X-Forwarded-For', freshIp())
      expect(page.status).toBe(200)
      expect(page.text).toContain(text)
    }
  })
})

describe('GET /api/verify (the public JSON check)', () => {
  it('when a domain is asked, then the answer is JSON with the kind, the compared part, the verdict and its dates, from any origin, cached privately for 30 s', async () => {
    await registerOurs()
    const response = await api({ value: 'https://www.aurum-expo.com/tickets' }).set('Origin', 'https://partner.example')
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['cache-control']).toBe('private, max-age=30')
    expect(response.body).toMatchObject({
      kind: 'domain',
      normalised: 'www.aurum-expo.com',
      compared: 'aurum-expo.com',
      verdict: 'official',
      since: '2024-03-01',
      until: null,
      official: [{ kind: 'domain', display: 'aurum-expo.com', purpose: 'general', since: '2024-03-01' }],
      lookalike: null,
      officialOfKind: [],
      lang: 'en',
    })
    expect(response.body.explanation.compared).toContain('aurum-expo.com')
  })

  it('when a look-alike is asked in Chinese, then the findings name ours, list our domain, and explain in the asked language', async () => {
    await registerOurs()
    const response = await api({ value: 'aurum-expoo.com', lang: 'zh-cn' })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      kind: 'domain',
      verdict: 'unofficial',
      lookalike: { reason: 'typo', resembles: 'aurum-expo.com', owner: null },
      officialOfKind: [{ kind: 'domain', display: 'aurum-expo.com' }],
      lang: 'zh-cn',
    })
    expect(response.body.explanation.lookalike).toContain('只差一个字母')
    expect(response.body.explanation.next).toContain('举报')
  })

  it('when an unknown value is asked, then it is unofficial with no findings', async () => {
    const response = await api({ value: 'example.org' })
    expect(response.body).toMatchObject({ verdict: 'unofficial', lookalike: null, official: [], formerly: [] })
  })

  it('when a national phone number is asked, then it is refused for its country code rather than read as the caller’s country', async () => {
    const response = await api({ value: '020 7946 0000' }).set('CountryCode', '826')
    expect([response.status, response.body.error.code, response.body.error.fields]).toEqual([
      400,
      'verify:errors.phoneCountry',
      { value: 'verify:errors.phoneCountry' },
    ])
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it.each([
    ['without a value', {}, 'verify:errors.empty', 'value'],
    ['an empty value', { value: '' }, 'verify:errors.empty', 'value'],
    ['10,000 characters', { value: 'a'.repeat(10_000) }, 'verify:errors.tooLong', 'value'],
    ['a NUL', { value: 'aurum\u0000expo.com' }, 'errors.controlCharacters', 'value'],
    ['a bell character', { value: 'aurum-expo.com\u0007' }, 'errors.controlCharacters', 'value'],
    ['a javascript: URL', { value: 'javascript:alert(document.cookie)' }, 'verify:errors.unrecognised', 'value'],
    ['a javascript:// URL naming our domain', { value: 'javascript://aurum-expo.com/%0aalert(1)' }, 'verify:errors.unrecognised', 'value'],
    ['two values', { value: ['a.com', 'b.com'] }, 'errors.invalid', 'value'],
    ['an unknown language', { value: 'aurum-expo.com', lang: 'xx' }, 'errors.invalid', 'lang'],
  ])('when the query has %s, then a translated 400 names the field', async (_label, query, code, field) => {
    const response = await api(query as Record<string, string>)
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(400)
    expect(response.body.error).toMatchObject({ code, fields: { [field]: code } })
    expect(response.body.error.message).not.toBe(code)
  })

  it('when a refusal is asked in Thai, then its message is Thai', async () => {
    const response = await api({ value: 'javascript:alert(1)', lang: 'th' })
    expect(response.body.error.message).toContain('ไม่สามารถระบุได้')
  })

  it('when one address asks more than the limit, then it gets a JSON 429 with Retry-After while another address is still answered', async () => {
    const ip = freshIp()
    for (let index = 0; index < 20; index += 1) expect((await api({ value: `site${index}.com` }, ip)).status).toBe(200)
    const limited = await api({ value: 'one-more.com' }, ip)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.headers['access-control-allow-origin']).toBe('*')
    expect(limited.body.error.code).toBe('errors.rateLimited')
    expect((await api({ value: 'one-more.com' })).status).toBe(200)
  })

  it('when a browser asks whether it may call from another origin, or posts, then GET is allowed and other methods are refused', async () => {
    const preflight = await request(app).options('/api/verify').set('Origin', 'https://partner.example').set('Access-Control-Request-Method', 'GET')
    expect([preflight.status, preflight.headers['access-control-allow-origin'], preflight.headers['access-control-allow-methods']]).toEqual([
      204,
      '*',
      'GET, HEAD, OPTIONS',
    ])
    const posted = await request(app).post('/api/verify').send({ value: 'aurum-expo.com' })
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS'])
  })

  it('when a retired domain is asked, then the answer says until when it was ours', async () => {
    const { id } = (await save({ kind: 'domain', value: 'aurum-expo.com' }).expect(200)).body.data
    await consoleCall(app, 'retireRegisterChannel', { id, on: '2025-06-30' }, { cookie: verifier.cookie }).expect(200)
    const response = await api({ value: 'aurum-expo.com' })
    expect(response.body).toMatchObject({ verdict: 'unofficial', until: '2025-06-30', formerly: [{ kind: 'domain', until: '2025-06-30' }] })
  })
})
