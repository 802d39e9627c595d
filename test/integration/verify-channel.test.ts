import fc from 'fast-check'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChannelVerdict } from '../../shared/contracts/verification.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { DEMO_ERC20, DEMO_TRC20, seedVerification } from '../../server/platform/verification/seed.ts'
import { ANSWER_FLOORS } from '../../server/platform/answer-floors.ts'
import { demoAsWritten } from '../setup/demo-clock.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

const INVOKE = '/wikifxweb-v1/wikiexpo/invoke-v1'
let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let token: string

/** Every test speaks from its own private address: counted apart, and of unknown country (the CountryCode header decides). */
let nextAddress = 0
const freshIp = () => {
  nextAddress += 1
  return `10.70.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`
}

beforeAll(async () => {
  const test = await createTestApp({ domains: ['site', 'verification'] })
  app = test.app
  platform = test.platform
  token = (await request(app).post('/api/token')).body.access_token
})

beforeEach(async () => {
  await resetDatabase(platform.db)
  await platform.db.transaction((tx) => seedVerification(platform, platform.services.verification, tx, demoAsWritten(platform)))
})

/** `site`: another site than this file's (default). */
function ask(value: unknown, options: { ip?: string; countryCode?: string; site?: { app: typeof app; token: string } } = {}) {
  return request(options.site?.app ?? app)
    .post(INVOKE)
    .set('Routes', 'expo$verifyChannel')
    .set('Authorization', `Bearer ${options.site?.token ?? token}`)
    .set('CountryCode', options.countryCode ?? '826')
    .set('X-Forwarded-For', options.ip ?? freshIp())
    .send({ value })
}

async function verdict(value: string, options: { ip?: string; countryCode?: string } = {}): Promise<ChannelVerdict> {
  const response = await ask(value, options)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expect(response.body.succeed).toBe(true)
  return response.body.data as ChannelVerdict
}

describe('expo$verifyChannel: official channels in the formats people paste', () => {
  it.each([
    ['+44 20 7946 0000', 'phone', 'phone'],
    ['0044 (0)20-7946-0000', 'phone', 'phone'],
    ['+44.20.7946.0000', 'phone', 'phone'],
    ['tel:+442079460000', 'phone', 'phone'],
    ['+65 8123 4567', 'phone', 'whatsapp'],
    ['https://wa.me/6581234567', 'chat', 'whatsapp'],
    ['  Contact@Aurum-Expo.EXAMPLE  ', 'email', 'email'],
    ['Aurum Expo <quality@aurum-expo.example>', 'email', 'email'],
    ['mailto:exhibitors@aurum-expo.example', 'email', 'email'],
    ['@AurumExpo', 'chat', 'telegram'],
    ['https://t.me/aurumexpo', 'chat', 'telegram'],
    ['x.com/AURUMEXPO/status/123', 'chat', 'x'],
    ['微信号：AurumExpoCN', 'chat', 'wechat'],
    ['aurumexpocn', 'chat', 'wechat'],
    ['https://line.me/R/ti/p/@aurumexpo', 'chat', 'line'],
    [DEMO_TRC20, 'usdtTrc20', 'usdtTrc20'],
    [DEMO_ERC20, 'usdtErc20', 'usdtErc20'],
    [DEMO_ERC20.toLowerCase(), 'usdtErc20', 'usdtErc20'],
  ])('when %s is asked, then it is official (%s, %s) with its use and date', async (value, type, kind) => {
    const answer = await verdict(value)
    expect(answer.verdict).toBe('official')
    expect(answer.query.type).toBe(type)
    expect(answer.matches.map((match) => match.kind)).toContain(kind)
    for (const match of answer.matches) expect(match.since).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(answer.lookalike).toBeNull()
  })

  it('when a bare "@aurumexpo" is asked, then every service where it is ours answers', async () => {
    const answer = await verdict('@aurumexpo')
    expect(answer.matches.map((match) => match.kind).sort()).toEqual(['line', 'telegram', 'x'])
  })

  it('when a number is typed without its country code, then the visitor country is assumed and said', async () => {
    const answer = await verdict('(020) 7946 0000', { countryCode: '826' })
    expect(answer.verdict).toBe('official')
    expect(answer.query.assumedCountry).toBe('GB')
    expect(answer.query.display).toBe('+44 20 7946 0000')
  })

  it('when the visitor address is known, then its country reads a national number', async () => {
    // 8.8.8.8 is in the United States: the same digits are not our London number there.
    const response = await ask('020 7946 0000', { ip: '8.8.8.8', countryCode: '826' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('verify:errors.phone')
  })

  it('when a non-public official address is asked exactly, then it is confirmed, yet never listed', async () => {
    expect((await verdict('finance@aurum-expo.example')).verdict).toBe('official')
    const list = await request(app).post(INVOKE).set('Routes', 'expo$officialChannels').set('Authorization', `Bearer ${token}`).send({})
    expect(list.status).toBe(200)
    const shown = JSON.stringify(list.body.data)
    expect(shown).toContain('contact@aurum-expo.example')
    expect(shown).not.toContain('finance@')
    expect(shown).not.toContain('+852')
    expect(shown).not.toContain('0999')
    expect(shown).not.toContain(DEMO_ERC20)
  })
})

describe('expo$verifyChannel: non-official channels', () => {
  it.each([
    ['+44 20 7946 0001', 'phone'],
    ['someone@example.org', 'email'],
    ['@randomtrader', 'chat'],
    ['t.me/usdt_help_desk', 'chat'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'usdtTrc20'],
    ['0x52908400098527886E0F7030069857D2E4169EE7', 'usdtErc20'],
  ])('when %s is asked, then it is non-official and nothing of the register is said', async (value, type) => {
    const answer = await verdict(value)
    expect(answer).toMatchObject({ verdict: 'unofficial', matches: [], formerly: [], lookalike: null })
    expect(answer.query.type).toBe(type)
  })

  it('when a retired number is asked, then it is non-official and says until when it was ours', async () => {
    const answer = await verdict('+44 20 7946 0999')
    expect(answer.verdict).toBe('unofficial')
    expect(answer.formerly).toEqual([expect.objectContaining({ kind: 'phone', until: '2024-12-31' })])
  })

  it('when an address has a broken checksum, then it is non-official with the checksum notice', async () => {
    const broken = DEMO_TRC20.slice(0, -1) + (DEMO_TRC20.endsWith('a') ? 'b' : 'a')
    const answer = await verdict(broken)
    expect(answer.verdict).toBe('unofficial')
    expect(answer.notices).toContain('checksum')
  })

  it('when an ERC-20 address that is not ours is written in a case that is not its checksum, then it is non-official with the checksum notice', async () => {
    const answer = await verdict('0x52908400098527886E0F7030069857D2E4169Ee7')
    expect(answer).toMatchObject({ verdict: 'unofficial', lookalike: null })
    expect(answer.notices).toContain('checksum')
  })
})

describe('expo$verifyChannel: our ERC-20 address in any letter case', () => {
  /** EIP-55 case is a checksum over the hex number, not part of it: every spelling is our account. */
  const swapCase = (text: string) => text.replace(/[a-fA-F]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
  const firstLettersLower = `0x${DEMO_ERC20.slice(2, 22).toLowerCase()}${DEMO_ERC20.slice(22)}`

  it.each([
    ['swapped case', `0x${swapCase(DEMO_ERC20.slice(2))}`],
    ['half lower case', firstLettersLower],
  ])('when it is typed with %s, then it is official, shown checksummed, and the case is said to differ', async (_how, typed) => {
    expect(typed).not.toBe(DEMO_ERC20)
    const answer = await verdict(typed)
    expect(answer).toMatchObject({ verdict: 'official', matches: [expect.objectContaining({ kind: 'usdtErc20' })], lookalike: null })
    expect(answer.query.display).toBe(DEMO_ERC20)
    expect(answer.notices).toContain('checksumCase')
    expect(answer.notices).not.toContain('checksum')
  })

  it.each([
    ['lower case', DEMO_ERC20.toLowerCase()],
    ['upper case', `0x${DEMO_ERC20.slice(2).toUpperCase()}`],
    ['its checksum', DEMO_ERC20],
    ['its checksum after an upper-case 0X', `0X${DEMO_ERC20.slice(2)}`],
  ])('when it is typed in %s, then it is official with no case note', async (_how, typed) => {
    const answer = await verdict(typed)
    expect(answer.verdict).toBe('official')
    expect(answer.notices).toEqual([])
  })
})

describe('expo$verifyChannel: look-alikes of our public addresses', () => {
  it.each([
    ['c0ntact@aurum-expo.example', 'characters', 'contact@aurum-expo.example'],
    ['contаct@aurum-expo.example', 'characters', 'contact@aurum-expo.example'], // Cyrillic а
    ['contact@аurum-expo.example', 'characters', 'contact@aurum-expo.example'], // Cyrillic а in the domain
    ['contact@xn--urum-expo-zyh.example', 'characters', 'contact@aurum-expo.example'], // the same, as punycode
    ['contact@aurum-expo.com', 'domain', 'contact@aurum-expo.example'],
    ['exhibitors@aurumexpo-events.net', 'domain', 'exhibitors@aurum-expo.example'],
    ['aurum.expo.support@gmail.com', 'name', null],
    ['con\u200btact@aurum-expo.example', 'characters', 'contact@aurum-expo.example'],
    ['\u202econtact@aurum-expo.example', 'characters', 'contact@aurum-expo.example'],
    ['@aurum_expo', 'characters', null],
    ['@aurumexpo_support', 'name', null],
    ['t.me/aurumexp0', 'characters', '@aurumexpo'],
  ])('when %s is asked, then it is non-official and looks like ours (%s)', async (value, reason, resembles) => {
    const answer = await verdict(value)
    expect(answer.verdict).toBe('unofficial')
    expect(answer.matches).toEqual([])
    expect(answer.lookalike?.reason).toBe(reason)
    if (resembles) expect(answer.lookalike?.resembles).toBe(resembles)
  })

  it('when hidden characters hide inside an official address, then it is never confirmed', async () => {
    const answer = await verdict('contact@aurum-expo.example\u200d')
    expect(answer.verdict).toBe('unofficial')
    expect(answer.notices).toContain('hiddenCharacters')
  })

  it('when an address mixes alphabets, then the mixed-script notice is given', async () => {
    const answer = await verdict('pаypal@example.com')
    expect(answer.notices).toContain('mixedScripts')
  })

  it('when a near miss of a non-public channel is asked, then the answer names only public ones', async () => {
    const response = await ask('finance@aurum-expo.com')
    expect(response.body.data.lookalike.reason).toBe('domain')
    expect(JSON.stringify(response.body)).not.toContain('finance@aurum-expo.example')
  })

  it('when an ERC-20 address starts and ends like our public one, then address poisoning is named', async () => {
    await platform.services.verification.addChannel({
      kind: 'usdtErc20',
      value: DEMO_ERC20,
      purpose: 'payments',
      since: '2023-01-10',
      public: true,
    })
    const lower = DEMO_ERC20.toLowerCase()
    const poisoned = `${lower.slice(0, 6)}${'0'.repeat(32)}${lower.slice(-4)}`
    const answer = await verdict(poisoned)
    expect(answer.lookalike).toEqual({ reason: 'poisoning', resembles: DEMO_ERC20, owner: null })
  })
})

describe('expo$verifyChannel: bad input is a translated 400, never a 500', () => {
  it.each([
    ['', 'verify:errors.empty'],
    ['   ', 'verify:errors.empty'],
    ['\u200b\u202e\u2066', 'verify:errors.empty'],
    ['<script>alert(1)</script>', 'verify:errors.unrecognised'],
    ["' OR '1'='1' --", 'verify:errors.unrecognised'],
    ['Robert"); DROP TABLE verification_channels;--', 'verify:errors.unrecognised'],
    ['a'.repeat(500), 'verify:errors.tooLong'],
    ['x@y', 'verify:errors.email'],
    ['+44 12', 'verify:errors.phone'],
  ])('when %j is asked, then 400 %s', async (value, message) => {
    const response = await ask(value)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ succeed: false, ErrorCode: 400, message })
    expect(JSON.stringify(response.body)).not.toMatch(/at \w+ \(|stack/i)
  })

  it('when the value is far too long or not a string, then 400', async () => {
    expect((await ask('9'.repeat(5000))).status).toBe(400)
    expect((await ask(42)).status).toBe(400)
    expect((await ask({ $ne: null })).status).toBe(400)
  })

  it('when no token is sent, then 401', async () => {
    const response = await request(app).post(INVOKE).set('Routes', 'expo$verifyChannel').send({ value: '+44 20 7946 0000' })
    expect(response.status).toBe(401)
  })

  // 300 requests, each held to its answer floor: on a loaded 2-core machine this passed 30 s.
  it('when random payloads arrive, then the answer is never a 500', { timeout: 120_000 }, async () => {
    fc.configureGlobal({ baseSize: 'large' })
    const payloads = fc.sample(
      fc.oneof(
        fc.record({ value: fc.string({ unit: 'grapheme', maxLength: 400 }) }),
        fc.record({ value: fc.string({ unit: 'binary', maxLength: 400 }) }),
        fc.record({ value: fc.stringMatching(/^[+0-9 ().@a-zA-Z_\-/:~]{0,80}$/) }),
        fc.record({ value: fc.anything() }),
        fc.anything(),
      ),
      { numRuns: 300, seed: 11 },
    )
    for (let start = 0; start < payloads.length; start += 50) {
      const batch = payloads.slice(start, start + 50)
      const responses = await Promise.all(
        batch.map((payload) =>
          request(app)
            .post(INVOKE)
            .set('Routes', 'expo$verifyChannel')
            .set('Authorization', `Bearer ${token}`)
            .set('X-Forwarded-For', freshIp())
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(payload) ?? 'null'),
        ),
      )
      for (const [index, response] of responses.entries()) {
        expect(response.status, JSON.stringify(batch[index])).toBeLessThan(500)
        expect([200, 400, 413]).toContain(response.status)
      }
    }
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the register under concurrent writes (PostgreSQL only: PGlite cannot race)', () => {
  it('when the organiser adds the same channel twenty times at once, then one row holds it (a real race on PostgreSQL)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        platform.services.verification.addChannel({
          kind: 'telegram',
          value: index % 2 ? '@Aurum_Help' : 'https://t.me/aurum_help',
          purpose: 'support',
          since: '2024-01-01',
          public: false,
        }),
      ),
    )
    expect(results.filter((result) => result.created)).toHaveLength(1)
    const rows = await platform.db.query("select count(*)::int as n from verification_channels where kind = 'telegram' and lookup_key = 'aurum_help'")
    expect(rows.rows[0]).toEqual({ n: 1 })
    expect((await verdict('t.me/AURUM_HELP')).verdict).toBe('official')
  })
})

describe('expo$verifyChannel: abuse', () => {
  it('when one address asks more than 20 times in a minute, then 429 with Retry-After', async () => {
    const ip = freshIp()
    const responses = await Promise.all(Array.from({ length: 24 }, (_, index) => ask(`+44 20 7946 ${String(1000 + index)}`, { ip })))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(20)
    const limited = responses.filter((response) => response.status === 429)
    expect(limited).toHaveLength(4)
    expect(limited[0]?.body.message).toBe('errors.rateLimited')
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await ask('+44 20 7946 0000')).status).toBe(200)
  })

  it('when official and non-official values are asked, then the answers take the same time', async () => {
    // This file's site answers after the tests' short floor; this test asks one with the real floor.
    const timed = (await createTestApp({ domains: ['site', 'verification'], answerFloors: ANSWER_FLOORS })).app
    const site = { app: timed, token: (await request(timed).post('/api/token')).body.access_token as string }
    const time = async (value: string) => {
      const started = performance.now()
      const response = await ask(value, { site })
      expect(response.status).toBe(200)
      return performance.now() - started
    }
    const official: number[] = []
    const unofficial: number[] = []
    for (let round = 0; round < 12; round += 1) {
      official.push(await time(round % 2 ? 'contact@aurum-expo.example' : '+44 20 7946 0000'))
      unofficial.push(await time(round % 2 ? `someone${round}@example.org` : `+44 20 7946 ${String(2000 + round)}`))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
    for (const value of [...official, ...unofficial]) expect(value).toBeGreaterThanOrEqual(ANSWER_FLOORS.verify - 5)
    expect(Math.abs(median(official) - median(unofficial))).toBeLessThan(25)
  })
})
