import { SaxesParser } from 'saxes'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import type { ChannelVerdict, ScamAlert } from '../../shared/contracts/verification.ts'
import { ALERT_LIMITS } from '../../shared/rules/verification.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, someIp, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, later, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type AcceptedCompany, acceptedCompany } from './exhibitor-helpers.ts'

/**
 * Public scam alerts (docs/product.md#scam-alerts): the verifier publishes, changes, withdraws and publishes
 * again (once per channel, audited, official channels refused); the public list, its RSS and JSON feeds,
 * and the public check's "known scam channel" answer.
 */

let app: App
let db: Database
let platform: Platform
let verifier: SignedInMember
let acme: AcceptedCompany

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await resetDatabase(db)
  const exhibitionId = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' } })
  const owner = await setUpMember(app, db, ['owner'])
  verifier = await setUpMember(app, db, ['verifier'])
  acme = await acceptedCompany(app, db, platform, { owner, exhibitionId, name: 'Acme Markets', chinese: '艾克米市场' })
})

const staff = (name: string, body: unknown, member = verifier) => consoleCall(app, name, body, { cookie: member.cookie })
const invite = {
  kind: 'telegram',
  value: 'https://t.me/+ScAm1234xyz',
  firstSeen: '2026-11-20',
  summary: { en: 'A fake “VIP group” selling tickets.', 'zh-cn': '冒充“VIP群”卖票。' },
}
const publish = (body: Record<string, unknown> = {}, member = verifier) => staff('saveScamAlert', { ...invite, ...body }, member)
const auditOf = async (fn: string) =>
  (await db.query<{ target: string; before: unknown; after: unknown }>('select target, before, after from staff_audit where function = $1 order by id', [fn]))
    .rows
const alertRows = async () => (await db.query<{ id: number }>('select id from scam_alerts')).rows

const check = async (value: string, locale = 'en'): Promise<ChannelVerdict> =>
  (await call(app, 'expo$verifyChannel', { value }, { token: await visitorToken(app), locale, ip: someIp() }).expect(200)).body.data
const publicList = async (payload: { q?: string; before?: string } = {}, locale = 'en'): Promise<{ items: ScamAlert[]; next: string | null }> =>
  (await call(app, 'expo$scamAlerts', payload, { token: await visitorToken(app), locale }).expect(200)).body.data

describe('publishing an alert in the console', () => {
  it('when a verifier publishes a Telegram invite, then it is audited, listed, public in each reader’s language, and the check answers "scam"', async () => {
    const saved = await publish()
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ kind: 'telegram', display: 't.me/+ScAm1234xyz', impersonates: null, firstSeen: '2026-11-20', withdrawnAt: null })
    const audit = await auditOf('console$saveScamAlert')
    expect(audit).toEqual([{ target: `scam-alert:${saved.body.data.id}`, before: null, after: expect.objectContaining({ display: 't.me/+ScAm1234xyz' }) }])

    expect((await staff('scamAlertList', { search: 'tg://join?invite=ScAm1234xyz' })).body.data).toMatchObject({ total: 1 })
    expect((await publicList({}, 'zh-cn')).items).toMatchObject([{ display: 't.me/+ScAm1234xyz', summary: '冒充“VIP群”卖票。', firstSeen: '2026-11-20' }])
    // Thai has no summary of its own: English is the fallback.
    expect((await publicList({}, 'th')).items[0]?.summary).toBe('A fake “VIP group” selling tickets.')

    const answer = await check('t.me/+ScAm1234xyz')
    expect(answer).toMatchObject({ verdict: 'scam', alert: { display: 't.me/+ScAm1234xyz', publishedAt: '2026-11-29T10:00:00.000Z', impersonates: null } })
  })

  it('when the same channel is published again in another form, then the one alert changes (never a second) and the change is audited with its before', async () => {
    const first = (await publish().expect(200)).body.data
    later(600)
    const again = await publish({ value: 'tg://join?invite=ScAm1234xyz', summary: { en: 'Now also asks for USDT.' } }).expect(200)
    expect(again.body.data).toMatchObject({ id: first.id, summary: { en: 'Now also asks for USDT.' }, publishedAt: first.publishedAt })
    expect(await alertRows()).toHaveLength(1)
    const audit = await auditOf('console$saveScamAlert')
    expect(audit).toHaveLength(2)
    expect(audit[1]?.before).toMatchObject({ summary: { en: 'A fake “VIP group” selling tickets.' } })
  })

  it('when an alert is changed by its id, then its channel stays whatever value is sent (an app shown as "App Store id…" is not retyped)', async () => {
    const app = (await publish({ kind: 'app', value: 'https://apps.apple.com/app/id1234567890' }).expect(200)).body.data
    expect(app.display).toBe('App Store id1234567890')
    const changed = await publish({ id: app.id, kind: 'app', value: app.display, summary: { en: 'A fake ticket app.' } }).expect(200)
    expect(changed.body.data).toMatchObject({ id: app.id, display: 'App Store id1234567890', summary: { en: 'A fake ticket app.' } })
    expect(await alertRows()).toHaveLength(1)
    expect((await publish({ id: 999_999 })).status).toBe(404)
  })

  it('when the value is an official channel, ours or a verified exhibitor’s, then it is refused with a 409 and nothing is written', async () => {
    await staff('saveRegisterChannel', { kind: 'telegram', value: 'https://t.me/+ScAm1234xyz', purpose: 'community', since: '2024-01-01' }).expect(200)
    const refused = await publish()
    expect([refused.status, refused.body.message, refused.body.data]).toEqual([409, 'console:errors.alertOfficial', { value: 't.me/+ScAm1234xyz' }])

    await staff('saveRegisterChannel', {
      kind: 'phone',
      value: '+44 20 7946 0555',
      purpose: 'general',
      since: '2024-01-01',
      ownerCompanyId: acme.companyId,
      validUntil: '2027-12-31',
    }).expect(200)
    // The exhibitor's WhatsApp is the same number: refused too.
    expect((await publish({ kind: 'whatsapp', value: '+44 20 7946 0555' })).status).toBe(409)
    expect(await alertRows()).toHaveLength(0)
    expect(await auditOf('console$saveScamAlert')).toHaveLength(0)
  })

  it('when the entry is wrong, then each field says why (400) and nothing is written', async () => {
    expect((await publish({ summary: { 'zh-cn': '只有中文' } })).body.data.fields).toEqual({ 'summary.en': 'console:errors.alertSummaryEnglish' })
    expect((await publish({ firstSeen: '2026-12-01' })).body.data.fields).toEqual({ firstSeen: 'console:errors.alertFirstSeenFuture' })
    expect((await publish({ kind: 'email', value: 'not an address' })).body.data.fields).toEqual({ value: 'console:errors.registerEmail' })
    expect((await publish({ impersonatedCompanyId: 999_999 })).body.data.fields).toEqual({ impersonatedCompanyId: 'console:errors.registerOwnerUnknown' })
    expect(await alertRows()).toHaveLength(0)
  })

  it('when a member without the verifier role asks, then every alert function is refused with 403', async () => {
    const support = await setUpMember(app, db, ['support'])
    expect((await staff('scamAlertList', { page: 1 }, support)).status).toBe(403)
    expect((await publish({}, support)).status).toBe(403)
    expect((await staff('withdrawScamAlert', { id: 1 }, support)).status).toBe(403)
  })
})

describe('whom an alert impersonates', () => {
  it('when an alert names an exhibitor, then readers see the company in their language and the check names it', async () => {
    await publish({ kind: 'domain', value: 'acme-markets-bonus.com', impersonatedCompanyId: acme.companyId }).expect(200)
    expect((await publicList({}, 'zh-cn')).items[0]?.impersonates).toMatchObject({ name: '艾克米市场' })
    expect((await check('https://acme-markets-bonus.com/login')).alert?.impersonates).toMatchObject({ name: 'Acme Markets' })
  })
})

describe('withdrawing and publishing again', () => {
  it('when an alert is withdrawn, then it leaves the public list and the check, stays in the console, and publishing it again brings it back as new', async () => {
    const { id } = (await publish().expect(200)).body.data
    later(60)
    const withdrawn = await staff('withdrawScamAlert', { id }).expect(200)
    expect(withdrawn.body.data.withdrawnAt).toBe('2026-11-29T10:01:00.000Z')
    expect((await publicList()).items).toEqual([])
    expect((await check('t.me/+ScAm1234xyz')).verdict).toBe('unofficial')
    expect((await staff('scamAlertList', { state: 'withdrawn' })).body.data).toMatchObject({ total: 1, rows: [{ id }] })
    expect((await staff('withdrawScamAlert', { id })).body.message).toBe('console:errors.alertWithdrawn')
    expect((await staff('withdrawScamAlert', { id: 999_999 })).status).toBe(404)
    expect(await auditOf('console$withdrawScamAlert')).toEqual([
      {
        target: `scam-alert:${id}`,
        before: expect.objectContaining({ withdrawnAt: null }),
        after: expect.objectContaining({ withdrawnAt: '2026-11-29T10:01:00.000Z' }),
      },
    ])

    later(600)
    const back = await publish().expect(200)
    expect(back.body.data).toMatchObject({ id, withdrawnAt: null, publishedAt: '2026-11-29T10:11:00.000Z' })
    expect((await check('t.me/+ScAm1234xyz')).verdict).toBe('scam')
  })
})

describe('the public list', () => {
  it('when there are more alerts than a page, then the newest come first and the keyset cursor continues without repeats', async () => {
    for (let index = 0; index < ALERT_LIMITS.pageSize + 2; index += 1) {
      later(60)
      await publish({ kind: 'domain', value: `fake-tickets-${index}.com` }).expect(200)
    }
    const first = await publicList()
    expect(first.items).toHaveLength(ALERT_LIMITS.pageSize)
    expect(first.items[0]?.display).toBe(`fake-tickets-${ALERT_LIMITS.pageSize + 1}.com`)
    const second = await publicList({ before: first.next as string })
    expect(second.items.map((item) => item.display)).toEqual(['fake-tickets-1.com', 'fake-tickets-0.com'])
    expect(second.next).toBeNull()
  })

  it('when a visitor searches by the value in another form, then the alert is found by its normalised value', async () => {
    await publish({ kind: 'phone', value: '+44 20 7946 0999' }).expect(200)
    await publish({ kind: 'domain', value: 'fake-tickets.com' }).expect(200)
    expect((await publicList({ q: '0044 (20) 7946-0999' })).items.map((item) => item.display)).toEqual(['+44 20 7946 0999'])
    expect((await publicList({ q: 'fake-tick' })).items.map((item) => item.display)).toEqual(['fake-tickets.com'])
  })

  it('when a look-alike of our domain is also an alert, then the check answers "scam" first and still names the look-alike', async () => {
    await staff('saveRegisterChannel', { kind: 'domain', value: 'aurum-expo.com', purpose: 'general', since: '2024-01-01', public: true }).expect(200)
    await publish({ kind: 'domain', value: 'aurum-expo-support.com' }).expect(200)
    const answer = await check('https://aurum-expo-support.com/pay')
    expect(answer).toMatchObject({ verdict: 'scam', lookalike: { reason: 'domain', resembles: 'aurum-expo.com' } })
    expect(answer.sameKind.map((channel) => channel.display)).toEqual(['aurum-expo.com'])
  })
})

/** Parses strictly (saxes rejects anything that is not well-formed XML) and collects the channel, its items and the self link. */
function parseFeed(xml: string) {
  const parser = new SaxesParser({ xmlns: true })
  const items: Array<Record<string, string>> = []
  const channel: Record<string, string> = {}
  const path: string[] = []
  let root = ''
  let self = ''
  parser.on('opentag', (tag) => {
    if (!root) root = `${tag.name} ${String(tag.attributes.version?.value)}`
    if (tag.uri === 'http://www.w3.org/2005/Atom' && tag.local === 'link' && tag.attributes.rel?.value === 'self') self = tag.attributes.href?.value ?? ''
    path.push(tag.name)
    if (tag.name === 'item') items.push({})
  })
  parser.on('text', (text) => {
    const name = path.at(-1) as string
    const parent = path.at(-2)
    if (parent === 'item') (items.at(-1) as Record<string, string>)[name] = ((items.at(-1) as Record<string, string>)[name] ?? '') + text
    else if (parent === 'channel') channel[name] = (channel[name] ?? '') + text
  })
  parser.on('closetag', () => path.pop())
  parser.write(xml).close()
  return { root, channel, items, self }
}

describe('the feeds', () => {
  it('when the RSS feed is read, then it is well-formed RSS 2.0 in the language asked, with its self link, and text is escaped', async () => {
    await publish({ kind: 'domain', value: 'fake-tickets.com', summary: { en: 'Sells <b>fake</b> tickets & "VIP" passes', th: 'ขายบัตรปลอม <ด่วน>' } }).expect(
      200,
    )
    const english = await request(app).get('/en/verify/alerts.rss').expect(200)
    expect(english.headers['content-type']).toMatch(/^application\/rss\+xml; charset=utf-8/)
    const feed = parseFeed(english.text)
    expect(feed.root).toBe('rss 2.0')
    expect(feed.self).toBe('http://localhost:3000/en/verify/alerts.rss')
    expect(feed.channel.language).toBe('en')
    expect(feed.items).toHaveLength(1)
    expect(feed.items[0]?.title).toContain('fake-tickets.com')
    expect(feed.items[0]?.description).toContain('Sells <b>fake</b> tickets & "VIP" passes')
    expect(feed.items[0]?.link).toBe('http://localhost:3000/en/verify/alerts.html?q=fake-tickets.com')

    const thai = parseFeed((await request(app).get('/th/verify/alerts.rss').expect(200)).text)
    expect(thai.channel.language).toBe('th')
    expect(thai.channel.title).toContain('ประกาศเตือนมิจฉาชีพ')
    expect(thai.items[0]?.description).toContain('ขายบัตรปลอม <ด่วน>')
  })

  it('when the JSON list is asked, then it answers the page with links, shared-cache headers and CORS; a bad cursor is a 400', async () => {
    await publish().expect(200)
    const response = await request(app).get('/api/verify/alerts').query({ lang: 'zh-cn' }).set('X-Forwarded-For', someIp()).expect(200)
    expect(response.headers['cache-control']).toBe('public, max-age=60')
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.body).toEqual({
      lang: 'zh-cn',
      items: [
        {
          id: expect.any(Number),
          kind: 'telegram',
          display: 't.me/+ScAm1234xyz',
          impersonates: null,
          firstSeen: '2026-11-20',
          publishedAt: '2026-11-29T10:00:00.000Z',
          summary: '冒充“VIP群”卖票。',
          link: 'http://localhost:3000/zh-cn/verify/alerts.html?q=t.me%2F%2BScAm1234xyz',
        },
      ],
      next: null,
      nextUrl: null,
    })
    const bad = await request(app).get('/api/verify/alerts').query({ before: 'yesterday' }).set('X-Forwarded-For', someIp()).expect(400)
    expect(bad.body.error).toMatchObject({ code: 'errors.invalid', fields: { before: 'errors.invalid' } })
    expect(bad.headers['cache-control']).toBe('no-store')
  })

  it('when one address reads the JSON list too often, then it is told to wait (429 with Retry-After)', async () => {
    const ip = someIp()
    for (let index = 0; index < 30; index += 1) await request(app).get('/api/verify/alerts').set('X-Forwarded-For', ip).expect(200)
    const over = await request(app).get('/api/verify/alerts').set('X-Forwarded-For', ip).expect(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('when the public check is asked through /api/verify, then a live alert is the "scam" verdict with its sentences', async () => {
    await publish().expect(200)
    const answer = await request(app).get('/api/verify').query({ value: 'https://t.me/+ScAm1234xyz', lang: 'en' }).set('X-Forwarded-For', someIp()).expect(200)
    expect(answer.body).toMatchObject({ verdict: 'scam', alert: { display: 't.me/+ScAm1234xyz' } })
    expect(answer.body.explanation.title).toBe('Known scam channel — reported on November 29, 2026')
    expect(answer.body.explanation.next).toContain('never pay')
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL only: PGlite cannot race)', () => {
  it('when two verifiers publish the same channel at once, then there is one alert and both publications are audited', async () => {
    const second = await setUpMember(app, db, ['verifier'])
    const answers = await Promise.all([publish(), publish({ value: 'tg://join?invite=ScAm1234xyz' }, second)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers[0]?.body.data.id).toBe(answers[1]?.body.data.id)
    expect(await alertRows()).toHaveLength(1)
    expect(await auditOf('console$saveScamAlert')).toHaveLength(2)
  })
})
