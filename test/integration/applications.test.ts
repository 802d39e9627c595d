import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, attendeeBody, call, count, EXPO, exhibitorBody, someIp, userToken, visitorToken } from './applications-helpers.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let platform: Platform
let token: string

const english = JSON.parse(readFileSync(new URL('../../locales/en/apply.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>
const common = JSON.parse(readFileSync(new URL('../../locales/en/common.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>
/** The English text of a field error key, as the page shows it (apply namespace, then common). */
const text = (key: string) => {
  const [group, name] = key.split('.') as [string, string]
  return english[group]?.[name] ?? common[group]?.[name]
}

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  token = await visitorToken(app)
})

beforeEach(async () => {
  await resetDatabase(db)
})

describe('open exhibitions', () => {
  it('when exhibitions exist, then only the published, open and not yet ended ones are listed, in the caller language', async () => {
    const open = await addExhibition(db, { slug: 'open-one', titles: { en: 'Open Expo', 'zh-cn': '开放展会' } })
    await addExhibition(db, { slug: 'closed', open: false })
    await addExhibition(db, { slug: 'hidden', published: false })
    await addExhibition(db, { slug: 'over', startsInDays: -10, endsInDays: -8 })
    const zh = await call(app, 'apply$openExhibitions', {}, { token, locale: 'zh-cn' })
    expect(zh.status).toBe(200)
    expect(zh.body.data.items).toEqual([expect.objectContaining({ id: open, slug: 'open-one', title: '开放展会', city: 'Bangkok', timeZone: 'Asia/Bangkok' })])
    // Japanese has no text of its own: English is the fallback.
    const ja = await call(app, 'apply$openExhibitions', {}, { token, locale: 'ja' })
    expect(ja.body.data.items[0].title).toBe('Open Expo')
    // A localised city (exhibition texts) wins over the venue's own.
    await db.query("update exhibition_texts set city = '曼谷' where exhibition_id = $1 and locale = 'zh-cn'", [open])
    const localised = await call(app, 'apply$openExhibitions', {}, { token, locale: 'zh-cn' })
    expect(localised.body.data.items[0].city).toBe('曼谷')
  })

  it('when nothing is open, then the list is empty, not an error', async () => {
    const response = await call(app, 'apply$openExhibitions', {}, { token })
    expect(response.status).toBe(200)
    expect(response.body.data.items).toEqual([])
  })
})

describe('the sign-up pages', () => {
  it('when an anonymous visitor opens /en/apply, then it is server-rendered with the open exhibitions and may be shared by caches', async () => {
    await addExhibition(db, { titles: { en: 'Open <Expo> & Co' } })
    await addExhibition(db, { open: false, titles: { en: 'Closed Expo' } })
    const response = await request(app).get('/en/apply?tab=attendee')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toMatch(/^public/)
    expect(response.text).toContain('Attendee application')
    expect(response.text).toContain('id="apply-panel-attendee"')
    // Titles are text: escaped in the HTML, never markup.
    expect(response.text).toContain('Open &lt;Expo&gt; &amp; Co')
    expect(response.text).not.toContain('Closed Expo')
    expect(response.text).not.toContain('<meta name="robots" content="noindex"/>')
  })

  it('when the app web view /en/apply/h5Index is opened, then the same forms without the hero, not indexed', async () => {
    await addExhibition(db)
    const response = await request(app).get('/en/apply/h5Index')
    expect(response.status).toBe(200)
    expect(response.text).toContain('Exhibitor application')
    expect(response.text).toContain('<meta name="robots" content="noindex"/>')
    expect(response.text).not.toContain('id="apply-title"')
  })

  it('when no exhibition takes applications, then the page says so instead of showing forms', async () => {
    const response = await request(app).get('/en/apply')
    expect(response.status).toBe(200)
    expect(response.text).toContain('No exhibition is taking applications right now')
    expect(response.text).not.toContain('id="apply-panel-exhibitor"')
  })
})

describe('exhibitor application: validation (docs/product.md#application-form)', () => {
  it('when the form is sent empty, then every required field gets its please enter / please select prompt', async () => {
    const response = await call(app, 'apply$submitExhibitor', { idempotencyKey: randomUUID() }, { token })
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toEqual({
      exhibitionId: 'prompts.exhibition',
      boothSize: 'prompts.boothSize',
      companyName: 'prompts.companyName',
      contactPerson: 'prompts.contactPerson',
      phone: 'prompts.phone',
      email: 'prompts.email',
      method: 'prompts.method',
    })
    for (const key of Object.values(response.body.data.fields as Record<string, string>)) expect(text(key)).toMatch(/^Please (enter|select) /)
    expect(await count(db, 'applications')).toBe(0)
  })

  it('when fields hold only spaces, then they count as empty', async () => {
    const id = await addExhibition(db)
    const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { companyName: '   ', contactPerson: '\u3000', email: ' ' }), { token })
    expect(response.body.data.fields).toMatchObject({ companyName: 'prompts.companyName', contactPerson: 'prompts.contactPerson', email: 'prompts.email' })
  })

  it('when the phone number is wrong for its country, then "Please enter the correct phone number"', async () => {
    const id = await addExhibition(db)
    for (const phone of [
      { country: 'GB', number: '12345' },
      { country: 'CN', number: '1380013800' },
      { country: 'US', number: 'call me' },
      { country: 'ZZ', number: '07400123456' },
    ]) {
      const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { phone }), { token })
      expect(response.status).toBe(400)
      expect(text(response.body.data.fields.phone ?? response.body.data.fields['phone.country'])).toBe('Please enter the correct phone number')
    }
  })

  it('when the e-mail address is malformed, then "Please enter the correct email address"', async () => {
    const id = await addExhibition(db)
    for (const email of ['maria', 'maria@', '@acme.com', 'maria@acme', 'ma ria@acme.com', 'maria@@acme.com', 'maria..x@acme.com', '<maria@acme.com>']) {
      const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { email }), { token })
      expect(response.status, email).toBe(400)
      expect(text(response.body.data.fields.email)).toBe('Please enter the correct email address')
    }
  })

  it('when the website is not a web address, then it is refused; when it lacks https://, then it is added', async () => {
    const id = await addExhibition(db)
    for (const website of ['javascript:alert(1)', 'not a site', 'ftp://acme.com', 'acme']) {
      const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { website }), { token })
      expect(response.body.data.fields.website, website).toBe('validation.website')
    }
    const ok = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { website: 'www.acme.com/en' }), { token })
    expect(ok.status).toBe(200)
    const stored = await db.query<{ website: string }>('select website from applications')
    expect(stored.rows[0]?.website).toBe('https://www.acme.com/en')
  })

  it('when the website is left empty, then the application is accepted without one', async () => {
    const id = await addExhibition(db)
    const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { website: '' }), { token })
    expect(response.status).toBe(200)
  })

  it('when a custom booth is chosen without its size, then width and depth are asked for; out of range is refused', async () => {
    const id = await addExhibition(db)
    const missing = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { boothSize: 'custom' }), { token })
    expect(missing.body.data.fields).toEqual({ boothWidth: 'prompts.boothWidth', boothDepth: 'prompts.boothDepth' })
    const wrong = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { boothSize: 'custom', boothWidth: 0.5, boothDepth: 4.25 }), { token })
    expect(wrong.body.data.fields).toEqual({ boothWidth: 'validation.boothDimension', boothDepth: 'validation.boothDimension' })
    const ok = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { boothSize: 'custom', boothWidth: 4.5, boothDepth: 12 }), { token })
    expect(ok.status).toBe(200)
    const stored = await db.query<{ booth_width_m: string; booth_depth_m: string }>('select booth_width_m, booth_depth_m from applications')
    expect(stored.rows[0]).toMatchObject({ booth_width_m: expect.anything(), booth_depth_m: expect.anything() })
    expect(Number(stored.rows[0]?.booth_width_m)).toBe(4.5)
    expect(Number(stored.rows[0]?.booth_depth_m)).toBe(12)
  })

  it('when a fixed booth is chosen, then any size sent along is ignored', async () => {
    const id = await addExhibition(db)
    const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { boothSize: '6x6', boothWidth: 99, boothDepth: 99 }), { token })
    expect(response.status).toBe(200)
    const stored = await db.query('select booth_size, booth_width_m from applications')
    expect(stored.rows[0]).toEqual({ booth_size: '6x6', booth_width_m: null })
  })

  it('when the booth size or method is not one of the choices, then its select prompt', async () => {
    const id = await addExhibition(db)
    const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { boothSize: '9x9', method: 'robot' }), { token })
    expect(response.body.data.fields).toEqual({ boothSize: 'prompts.boothSize', method: 'prompts.method' })
  })

  it('when a field is longer than its limit, then "too long" and nothing is stored', async () => {
    const id = await addExhibition(db)
    const response = await call(
      app,
      'apply$submitExhibitor',
      exhibitorBody(id, { companyName: 'A'.repeat(121), contactPerson: 'B'.repeat(81), website: `a${'b'.repeat(200)}.com`, email: `${'c'.repeat(250)}@x.com` }),
      { token },
    )
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toMatchObject({
      companyName: 'errors.tooLong',
      contactPerson: 'errors.tooLong',
      website: 'errors.tooLong',
      email: 'errors.tooLong',
    })
    expect(await count(db, 'applications')).toBe(0)
  })
})

describe('attendee application: validation (docs/product.md#application-form)', () => {
  it('when the form is sent empty, then every required field gets its prompt', async () => {
    const response = await call(app, 'apply$submitAttendee', { idempotencyKey: randomUUID() }, { token })
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toEqual({
      exhibitionId: 'prompts.exhibition',
      surname: 'prompts.surname',
      givenName: 'prompts.givenName',
      position: 'prompts.position',
      identity: 'prompts.identity',
      industry: 'prompts.industry',
      email: 'prompts.email',
    })
    for (const key of Object.values(response.body.data.fields as Record<string, string>)) expect(text(key)).toMatch(/^Please (enter|select) /)
  })

  it('when the optional phone is given and wrong, then the phone message; when left empty, then accepted', async () => {
    const id = await addExhibition(db)
    const wrong = await call(app, 'apply$submitAttendee', attendeeBody(id, { phone: { country: 'JP', number: '0312' } }), { token })
    expect(text(wrong.body.data.fields.phone)).toBe('Please enter the correct phone number')
    const none = await call(app, 'apply$submitAttendee', attendeeBody(id, { phone: undefined }), { token })
    expect(none.status).toBe(200)
    const withPhone = await call(app, 'apply$submitAttendee', attendeeBody(id, { phone: { country: 'JP', number: '090-1234-5678' } }), { token })
    expect(withPhone.status).toBe(200)
    const stored = await db.query<{ phone_e164: string | null }>('select phone_e164 from applications order by id')
    expect(stored.rows.map((row) => row.phone_e164)).toEqual([null, '+819012345678'])
  })

  it('when identity or industry is not one of the choices, then their select prompts', async () => {
    const id = await addExhibition(db)
    const response = await call(app, 'apply$submitAttendee', attendeeBody(id, { identity: 'king', industry: '' }), { token })
    expect(response.body.data.fields).toEqual({ identity: 'prompts.identity', industry: 'prompts.industry' })
  })
})

describe('storing and acknowledging', () => {
  it('when an exhibitor applies, then the application is stored as typed with an E.164 phone and one acknowledgement is queued in their language', async () => {
    const id = await addExhibition(db)
    const body = exhibitorBody(id, { phone: { country: 'CN', number: '138 0013 8000' }, companyName: '  环球金融 Global  ' })
    const response = await call(app, 'apply$submitExhibitor', body, { token, locale: 'zh-cn' })
    expect(response.status).toBe(200)
    expect(response.body.data.reference).toMatch(/^EX-[0-9A-HJKMNP-TV-Z]{8}$/)
    const stored = await db.query(
      'select kind, company_name, phone_e164, phone_country, email, locale, account_id, status, booth_size, exhibiting_method from applications',
    )
    expect(stored.rows).toEqual([
      {
        kind: 'exhibitor',
        company_name: '环球金融 Global',
        phone_e164: '+8613800138000',
        phone_country: 'CN',
        email: body.email,
        locale: 'zh-cn',
        account_id: null,
        status: 'received',
        booth_size: '3x6',
        exhibiting_method: 'company',
      },
    ])
    const mail = await db.query<{ to_address: string; subject: string; text_body: string }>('select to_address, subject, text_body from mail_outbox')
    expect(mail.rows).toHaveLength(1)
    expect(mail.rows[0]?.to_address).toBe(body.email)
    expect(mail.rows[0]?.subject).toContain('曼谷博览会 2026')
    expect(mail.rows[0]?.subject).toContain(response.body.data.reference)
    expect(mail.rows[0]?.text_body).toContain('环球金融 Global')
    expect(mail.rows[0]?.text_body).toContain('+8613800138000')
  })

  it('when an attendee applies in English, then the acknowledgement is English and names them', async () => {
    const id = await addExhibition(db)
    const response = await call(app, 'apply$submitAttendee', attendeeBody(id), { token })
    expect(response.body.data.reference).toMatch(/^AT-/)
    const mail = await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox')
    expect(mail.rows[0]?.subject).toBe(`We received your attendee application for Bangkok Expo 2026 (${response.body.data.reference})`)
    expect(mail.rows[0]?.text_body).toContain('Hello Yuki Tanaka,')
    expect(mail.rows[0]?.text_body).toContain('Trader or investor')
  })

  it('when the mail worker runs, then the acknowledgement leaves as an .eml file once', async () => {
    const id = await addExhibition(db)
    await call(app, 'apply$submitAttendee', attendeeBody(id), { token })
    const { sendDueMail } = await import('../../server/platform/mailer.ts')
    const sent: string[] = []
    const transport = {
      kind: 'outbox-files' as const,
      send: async (message: { to: string }) => void sent.push(message.to),
      forget: async () => 0,
    }
    expect(await sendDueMail(db, transport, 'Expo <expo@example.com>')).toBe(1)
    expect(await sendDueMail(db, transport, 'Expo <expo@example.com>')).toBe(0)
    expect(sent).toHaveLength(1)
  })
})

describe('idempotent submission', () => {
  it('when the same submission arrives twice (double click, retry after a timeout), then one record, one mail, the same reference', async () => {
    const id = await addExhibition(db)
    const body = exhibitorBody(id)
    const first = await call(app, 'apply$submitExhibitor', body, { token })
    const second = await call(app, 'apply$submitExhibitor', body, { token })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.data).toEqual(first.body.data)
    expect(await count(db, 'applications')).toBe(1)
    expect(await count(db, 'mail_outbox')).toBe(1)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two identical submissions arrive at the same moment, then one record and one mail (PostgreSQL only: PGlite cannot race)',
    async () => {
      const id = await addExhibition(db)
      const body = attendeeBody(id)
      const ip = someIp()
      const responses = await Promise.all(Array.from({ length: 4 }, () => call(app, 'apply$submitAttendee', body, { token, ip })))
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200])
      expect(new Set(responses.map((response) => response.body.data.reference)).size).toBe(1)
      expect(await count(db, 'applications')).toBe(1)
      expect(await count(db, 'mail_outbox')).toBe(1)
    },
  )

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the same answers arrive from several fresh forms at the same moment, then one record and one mail (PostgreSQL only: PGlite cannot race)',
    async () => {
      const id = await addExhibition(db)
      const body = exhibitorBody(id)
      const ip = someIp()
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => call(app, 'apply$submitExhibitor', { ...body, idempotencyKey: randomUUID() }, { token, ip })),
      )
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200])
      expect(new Set(responses.map((response) => response.body.data.reference)).size).toBe(1)
      expect(await count(db, 'applications')).toBe(1)
      expect(await count(db, 'mail_outbox')).toBe(1)
    },
  )

  it('when the same answers come again from a fresh form (new key), then the first record answers', async () => {
    const id = await addExhibition(db)
    const body = exhibitorBody(id)
    const first = await call(app, 'apply$submitExhibitor', body, { token })
    const again = await call(app, 'apply$submitExhibitor', { ...body, idempotencyKey: randomUUID(), email: body.email.toUpperCase() }, { token })
    expect(again.body.data.reference).toBe(first.body.data.reference)
    expect(await count(db, 'applications')).toBe(1)
    expect(await count(db, 'mail_outbox')).toBe(1)
  })

  it('when one key comes back with other answers, then 409 and nothing changes', async () => {
    const id = await addExhibition(db)
    const body = exhibitorBody(id)
    await call(app, 'apply$submitExhibitor', body, { token })
    const changed = await call(app, 'apply$submitExhibitor', { ...body, companyName: 'Other Ltd' }, { token })
    expect(changed.status).toBe(409)
    expect(changed.body.message).toBe('apply:result.keyReused')
    const stored = await db.query('select company_name from applications')
    expect(stored.rows).toEqual([{ company_name: 'Acme Markets Ltd' }])
  })

  it('when the same person sends different answers with a new form, then both are kept (a correction is never lost)', async () => {
    const id = await addExhibition(db)
    const body = exhibitorBody(id)
    await call(app, 'apply$submitExhibitor', body, { token })
    const corrected = await call(app, 'apply$submitExhibitor', { ...body, boothSize: '6x6', idempotencyKey: randomUUID() }, { token })
    expect(corrected.status).toBe(200)
    expect(await count(db, 'applications')).toBe(2)
  })
})

describe('exhibitions that take no applications', () => {
  it('when the exhibition is closed, unpublished or over, then 410 with the closed message at the field, and nothing stored', async () => {
    const closed = await addExhibition(db, { open: false })
    const hidden = await addExhibition(db, { published: false })
    const over = await addExhibition(db, { startsInDays: -5, endsInDays: -3 })
    for (const id of [closed, hidden, over]) {
      const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id), { token })
      expect(response.status).toBe(410)
      expect(response.body.message).toBe('apply:result.closed')
      expect(response.body.data.fields).toEqual({ exhibitionId: 'validation.closed' })
    }
    expect(await count(db, 'applications')).toBe(0)
    expect(await count(db, 'mail_outbox')).toBe(0)
  })

  it('when the exhibition does not exist, then 404', async () => {
    const response = await call(app, 'apply$submitAttendee', attendeeBody(987654), { token })
    expect(response.status).toBe(404)
    expect(response.body.data.fields).toEqual({ exhibitionId: 'validation.closed' })
  })
})

describe('hostile input', () => {
  it('when fields hold markup and SQL, then they are stored exactly as typed and the mail escapes them in HTML', async () => {
    const id = await addExhibition(db)
    const markup = `<script>alert("x")</script><img src=x onerror=alert(1)>`
    const sql = `Robert'); drop table applications; -- "quoted" \\ back`
    const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { companyName: markup, contactPerson: sql }), { token })
    expect(response.status).toBe(200)
    const stored = await db.query('select company_name, contact_person from applications')
    expect(stored.rows).toEqual([{ company_name: markup, contact_person: sql }])
    const mail = await db.query<{ html_body: string; text_body: string }>('select html_body, text_body from mail_outbox')
    expect(mail.rows[0]?.text_body).toContain(markup)
    expect(mail.rows[0]?.html_body).not.toContain('<script>')
    expect(mail.rows[0]?.html_body).not.toContain('<img')
    expect(mail.rows[0]?.html_body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
  })

  it('when fields hold control characters, NUL or bidirectional overrides, then a clear 400, never a 500', async () => {
    const id = await addExhibition(db)
    for (const bad of ['Acme\u0000Ltd', 'Acme\nLtd', 'Acme\u001b[31mLtd', 'Acme\u202eLtd', 'Acme\u0085']) {
      const response = await call(app, 'apply$submitExhibitor', exhibitorBody(id, { companyName: bad }), { token })
      expect(response.status, JSON.stringify(bad)).toBe(400)
      expect(response.body.data.fields.companyName).toBe('validation.characters')
    }
  })

  it('when values have the wrong types, then 400 with prompts, never a 500', async () => {
    const id = await addExhibition(db)
    const response = await call(
      app,
      'apply$submitExhibitor',
      exhibitorBody(id, { exhibitionId: `${id}`, companyName: ['x'], email: { $ne: null }, phone: 'x', boothSize: null, method: 7, idempotencyKey: 'nope' }),
      { token },
    )
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toMatchObject({
      exhibitionId: 'prompts.exhibition',
      companyName: 'prompts.companyName',
      email: 'prompts.email',
      phone: 'prompts.phone',
      boothSize: 'prompts.boothSize',
      method: 'prompts.method',
      idempotencyKey: 'errors.invalid',
    })
  })

  it('when the body is not JSON or too large, then 400 or 413', async () => {
    const bad = await request(app)
      .post(EXPO)
      .set('Routes', 'apply$submitExhibitor')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{"exhibitionId": 1,')
    expect(bad.status).toBe(400)
    const big = await call(app, 'apply$submitExhibitor', { companyName: 'x'.repeat(200_000) }, { token })
    expect(big.status).toBe(413)
  })

  it('when there is no token, then 401 and nothing stored', async () => {
    const id = await addExhibition(db)
    const response = await request(app).post(EXPO).set('Routes', 'apply$submitExhibitor').send(exhibitorBody(id))
    expect(response.status).toBe(401)
    expect(await count(db, 'applications')).toBe(0)
  })
})

describe('logged-in applicants', () => {
  it('when a logged-in user applies, then it is linked to them and listed under my applications, newest first', async () => {
    const id = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' } })
    const user = await userToken(db, platform)
    await call(app, 'apply$submitExhibitor', exhibitorBody(id, { email: user.email, boothSize: 'custom', boothWidth: 9, boothDepth: 6 }), { token: user.token })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await call(app, 'apply$submitAttendee', attendeeBody(id, { email: user.email }), { token: user.token })
    // Someone else's application is not theirs.
    await call(app, 'apply$submitAttendee', attendeeBody(id), { token })
    const mine = await call(app, 'apply$myApplications', {}, { token: user.token, locale: 'zh-cn' })
    expect(mine.status).toBe(200)
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({ kind: 'attendee', status: 'received', surname: 'Tanaka', givenName: 'Yuki', position: 'Head of trading', companyName: null }),
      expect.objectContaining({
        kind: 'exhibitor',
        companyName: 'Acme Markets Ltd',
        boothSize: 'custom',
        boothWidth: 9,
        boothDepth: 6,
        exhibition: expect.objectContaining({ id, title: '曼谷博览会 2026' }),
      }),
    ])
  })

  it('when a visitor asks for my applications, then 401 login required', async () => {
    const response = await call(app, 'apply$myApplications', {}, { token })
    expect(response.status).toBe(401)
    expect(response.body.message).toBe('errors.loginRequired')
  })

  it('when a logged-in user opens the form, then their e-mail address is the default', async () => {
    const user = await userToken(db, platform, 'Prefill.Me@Example.com')
    const response = await call(app, 'apply$applicantDefaults', {}, { token: user.token })
    expect(response.body.data).toEqual({ email: 'Prefill.Me@Example.com' })
  })

  it('when someone resends an anonymous application after logging in with the same address, then it becomes theirs', async () => {
    const id = await addExhibition(db)
    const user = await userToken(db, platform)
    const body = attendeeBody(id, { email: user.email })
    await call(app, 'apply$submitAttendee', body, { token })
    await call(app, 'apply$submitAttendee', { ...body, idempotencyKey: randomUUID() }, { token: user.token })
    const mine = await call(app, 'apply$myApplications', {}, { token: user.token })
    expect(mine.body.data.items).toHaveLength(1)
    // With another address it stays anonymous: knowing someone's answers does not hand you their application.
    const stranger = await userToken(db, platform)
    const other = attendeeBody(id)
    await call(app, 'apply$submitAttendee', other, { token })
    await call(app, 'apply$submitAttendee', { ...other, idempotencyKey: randomUUID() }, { token: stranger.token })
    expect((await call(app, 'apply$myApplications', {}, { token: stranger.token })).body.data.items).toEqual([])
  })
})
