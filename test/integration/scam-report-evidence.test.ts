import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { EVIDENCE_LIMITS, EVIDENCE_UPLOAD_PATH, EVIDENCE_DOWNLOAD_PATH } from '../../shared/rules/scam-report-evidence.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { call, someIp, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Evidence on a scam report (docs/product.md#scam-reports): pictures re-encoded without metadata, PDFs
 * kept as sent, both judged by their content; uploaded ahead of the report (JavaScript) or with the form
 * (without), kept by a refused form's draft; opened only by the verifier, each opening audited; erased
 * and expired with the report, files included.
 */

let app: App
let db: Database
let platform: Platform
let verifier: SignedInMember
let owner: SignedInMember
let visitor: string

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  setMoment('2027-04-01T08:00:00Z')
  await resetDatabase(db)
  verifier = await setUpMember(app, db, ['verifier'])
  owner = await setUpMember(app, db, ['owner'])
  visitor = await visitorToken(app)
})

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer()
}

/** A phone's photo: EXIF with a camera, a comment and where it was taken. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhoneMaker', Artist: 'Somchai Jaidee', ImageDescription: 'Bangkok home 13.7563N 100.5018E' } })
    .toBuffer()
}

const upload = (bytes: Buffer, name: string, contentType = 'application/octet-stream') =>
  request(app).post(EVIDENCE_UPLOAD_PATH).set('X-Forwarded-For', someIp()).attach('evidence', bytes, { filename: name, contentType })

const form = (overrides: Record<string, unknown> = {}) => ({
  description: 'A “support agent” on Telegram sent a fake booth invoice and asked for a deposit.',
  channels: ['https://t.me/+AbCdEfGhIjKlMnOp'],
  happenedOn: '2027-03-30',
  amount: '',
  currency: '',
  email: '',
  consent: false,
  evidence: [],
  ...overrides,
})

const report = (body: Record<string, unknown>, token = visitor) => call(app, 'expo$reportScam', body, { token, locale: 'en', ip: someIp() })

const open = (member: SignedInMember | null, id: number | string) => {
  const asked = request(app).get(`${EVIDENCE_DOWNLOAD_PATH}?id=${id}`)
  return member ? asked.set('Cookie', member.cookie) : asked
}

const evidenceRows = async () =>
  (
    await db.query<{ id: string; report_id: string | null; token: string | null; kind: string; name: string; storage_key: string }>(
      'select id::text, report_id::text, token, kind, name, storage_key from scam_report_evidence order by id',
    )
  ).rows

const fileOf = (key: string) => join(platform.config.DATA_DIR, 'media', key)

/** Uploads the files and sends a report with them; answers the stored rows of its evidence. */
async function reportWith(files: Array<{ bytes: Buffer; name: string }>, overrides: Record<string, unknown> = {}, token = visitor) {
  const tokens: string[] = []
  for (const file of files) tokens.push((await upload(file.bytes, file.name).expect(200)).body.data.token)
  await report(form({ evidence: tokens, ...overrides }), token).expect(200)
  return evidenceRows()
}

describe('a reporter attaches evidence', () => {
  it('when a photo with EXIF is uploaded, then what is kept is a re-encoded picture with no metadata, and the verifier opens it inline', async () => {
    const photo = await jpegWithExif()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const answer = await upload(photo, '王小明-转账截图.jpg', 'image/jpeg').expect(200)
    expect(answer.body.data).toMatchObject({ name: '王小明-转账截图.jpg', kind: 'image' })
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    await report(form({ evidence: [answer.body.data.token] })).expect(200)

    const [row] = await evidenceRows()
    expect(row).toMatchObject({ kind: 'image', token: null })
    expect(row?.storage_key).toMatch(/^evidence\/[0-9a-f]{32}\.jpg$/)
    const opened = await open(verifier, row?.id as string)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
      .expect(200)
    expect(opened.headers['content-type']).toBe('image/jpeg')
    expect(opened.headers['content-disposition']).toMatch(/^inline; /)
    expect(opened.headers['content-disposition']).toContain("filename*=UTF-8''%E7%8E%8B")
    expect(opened.headers['x-content-type-options']).toBe('nosniff')
    expect(opened.headers['content-security-policy']).toContain('sandbox')
    expect(opened.headers['cache-control']).toContain('no-store')
    const kept = opened.body as Buffer
    const metadata = await sharp(kept).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(kept.toString('latin1')).not.toContain('Somchai')
    expect(kept.toString('latin1')).not.toContain('SecretPhoneMaker')
  })

  it('when a PDF is named like a PNG, then it is kept as the PDF it is, and the verifier downloads it as a PDF', async () => {
    const rows = await reportWith([{ bytes: PDF, name: 'screenshot.png' }])
    expect(rows[0]).toMatchObject({ kind: 'pdf', name: 'screenshot.pdf' })
    const opened = await open(verifier, rows[0]?.id as string).expect(200)
    expect(opened.headers['content-type']).toBe('application/pdf')
    expect(opened.headers['content-disposition']).toMatch(/^attachment; filename="screenshot\.pdf"/)
    expect(Buffer.from(opened.body as Buffer).equals(PDF)).toBe(true)
  })

  it('when a picture carries a PDF and a script after its end (a polyglot), then only its pixels are kept', async () => {
    const polyglot = Buffer.concat([await png(), Buffer.from('\n<script>alert(1)</script>\n', 'latin1'), PDF])
    const rows = await reportWith([{ bytes: polyglot, name: 'proof.png' }])
    expect(rows[0]).toMatchObject({ kind: 'image', name: 'proof.jpg' })
    const stored = await platform.services.media.storage.get(rows[0]?.storage_key as string)
    const chunks: Buffer[] = []
    for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer)
    const kept = Buffer.concat(chunks).toString('latin1')
    expect(kept).not.toContain('%PDF')
    expect(kept).not.toContain('<script>')
    expect(kept.startsWith('\xff\xd8\xff')).toBe(true)
  })

  it('when a file is not a picture or a PDF, whatever its name, then it is refused with the translated reason, and nothing is kept', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const refusedHtml = await upload(html, 'photo.png', 'image/png').expect(415)
    expect(refusedHtml.body.message).toBe('scam:scamReport.errors.evidenceType')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    await upload(svg, 'logo.svg', 'image/svg+xml').expect(415)
    // A PDF's start with no end: a truncated file, or something else posing as one.
    await upload(Buffer.from('%PDF-1.7\nnot really a document', 'latin1'), 'doc.pdf', 'application/pdf').expect(415)
    await upload(Buffer.from('plain words'), 'notes.txt').expect(415)
    expect(await evidenceRows()).toEqual([])
  })

  it('when a file is over the size limit, then it is refused with the limit named', async () => {
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(EVIDENCE_LIMITS.mb * 1024 * 1024), Buffer.from('\n%%EOF\n')])
    const answer = await upload(big, 'big.pdf', 'application/pdf')
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ message: 'scam:scamReport.errors.evidenceTooLarge', data: { maxMb: EVIDENCE_LIMITS.mb } })
    expect(await evidenceRows()).toEqual([])
  })

  it('when a report names more files than allowed, or a token that is not kept, then it is refused and no file is taken', async () => {
    const tokens: string[] = []
    for (let index = 0; index <= EVIDENCE_LIMITS.files; index++) tokens.push((await upload(await png(20 + index), `${index}.png`).expect(200)).body.data.token)
    const tooMany = await report(form({ evidence: tokens })).expect(400)
    expect(JSON.stringify(tooMany.body)).toContain('scam:scamReport.errors.evidenceTooMany')
    const unknown = await report(form({ evidence: ['A'.repeat(22)] })).expect(400)
    expect(JSON.stringify(unknown.body)).toContain('scam:scamReport.errors.evidenceGone')
    expect((await db.query('select id from scam_reports')).rows).toEqual([])
    expect((await evidenceRows()).every((row) => row.report_id === null)).toBe(true)
  })

  it('when one file is sent with two reports, then only the first takes it (a token is spent once)', async () => {
    const token = (await upload(PDF, 'invoice.pdf').expect(200)).body.data.token as string
    await report(form({ evidence: [token] })).expect(200)
    const again = await report(form({ evidence: [token] })).expect(400)
    expect(JSON.stringify(again.body)).toContain('scam:scamReport.errors.evidenceGone')
    expect((await db.query('select id from scam_reports')).rows).toHaveLength(1)
  })

  it('when an upload comes from another site’s page, then it is refused', async () => {
    await upload(PDF, 'invoice.pdf').set('Origin', 'https://evil.example').expect(403)
  })

  it('when a form is never sent, then its files go after their waiting time, rows and files', async () => {
    await upload(PDF, 'left.pdf').expect(200)
    const [row] = await evidenceRows()
    expect(existsSync(fileOf(row?.storage_key as string))).toBe(true)
    expect(await platform.services.scamReports.sweepEvidence(new Date('2027-04-01T20:00:00Z'))).toBe(0)
    expect(await platform.services.scamReports.sweepEvidence(new Date('2027-04-02T08:00:01Z'))).toBe(1)
    expect(await evidenceRows()).toEqual([])
    expect(existsSync(fileOf(row?.storage_key as string))).toBe(false)
  })
})

describe('the form without JavaScript', () => {
  const post = (lang: string) => request(app).post(`/${lang}/verify/report.html`).set('X-Forwarded-For', someIp())

  it('when the form is right, then its files go with the report', async () => {
    const sent = await post('zh-cn')
      .field('description', '王小明 在 Telegram 上冒充客服,要求我支付展位押金。')
      .field('channel', 'https://t.me/+AbCdEfGhIjKlMnOp')
      .field('happenedOn', '2027-03-31')
      .field('amount', '299.00')
      .field('currency', 'CNY')
      .attach('evidence', await png(), { filename: '截图.png', contentType: 'image/png' })
      .attach('evidence', PDF, { filename: '发票.pdf', contentType: 'application/pdf' })
      .expect(303)
    expect(sent.headers.location).toMatch(/^\/zh-cn\/verify\/report\/thanks\.html\?ref=SR-/)
    const rows = await evidenceRows()
    expect(rows.map((row) => [row.kind, row.name])).toEqual([
      ['image', '截图.jpg'],
      ['pdf', '发票.pdf'],
    ])
    expect(rows.every((row) => row.report_id !== null)).toBe(true)
  })

  it('when the form is refused, then the files already uploaded are kept by its draft and go with the corrected form', async () => {
    const refused = await post('th')
      .field('description', 'สั้น')
      .field('channel', 'https://t.me/+AbCdEfGhIjKlMnOp')
      .field('happenedOn', '2027-03-31')
      .attach('evidence', PDF, { filename: 'ใบแจ้งหนี้.pdf', contentType: 'application/pdf' })
      .expect(303)
    const location = refused.headers.location as string
    expect(location).toMatch(/^\/th\/verify\/report\.html\?draft=/)
    const page = await request(app).get(location).expect(200)
    expect(page.text).toContain('ใบแจ้งหนี้.pdf')
    const [waiting] = await evidenceRows()
    expect(waiting?.report_id).toBeNull()
    expect(page.text).toContain(`value="${waiting?.token}"`)

    await post('th')
      .field('description', 'มีคนอ้างว่าเป็นเจ้าหน้าที่ของงานและขอให้โอนเงินมัดจำ')
      .field('channel', 'https://t.me/+AbCdEfGhIjKlMnOp')
      .field('happenedOn', '2027-03-31')
      .field('keep', waiting?.token as string)
      .attach('evidence', Buffer.alloc(0), { filename: '', contentType: 'application/octet-stream' })
      .expect(303)
    const [attached] = await evidenceRows()
    expect(attached).toMatchObject({ id: waiting?.id, token: null })
    expect(attached?.report_id).not.toBeNull()
  })

  it('when one of the files is refused, then the form comes back with the reason at the file field and the good file kept', async () => {
    const refused = await post('en')
      .field('description', 'A fake support desk on Telegram asked me to pay.')
      .field('channel', 'https://t.me/+AbCdEfGhIjKlMnOp')
      .field('happenedOn', '2027-03-31')
      .attach('evidence', PDF, { filename: 'invoice.pdf', contentType: 'application/pdf' })
      .attach('evidence', Buffer.from('<html></html>'), { filename: 'evil.png', contentType: 'image/png' })
      .expect(303)
    const page = await request(app)
      .get(refused.headers.location as string)
      .expect(200)
    expect(page.text).toContain('Please attach a picture (JPEG, PNG, WebP, AVIF or GIF) or a PDF file')
    expect(page.text).toContain('invoice.pdf')
    expect((await db.query('select id from scam_reports')).rows).toEqual([])
  })
})

describe('who may open evidence', () => {
  it('when a verifier opens a file, then the opening is audited with the report’s reference; others and strangers get a 404', async () => {
    const [row] = await reportWith([{ bytes: PDF, name: 'invoice.pdf' }])
    const support = await setUpMember(app, db, ['support'])
    await open(support, row?.id as string).expect(404)
    await open(null, row?.id as string).expect(404)
    await open(verifier, 'abc').expect(404)
    await open(verifier, 999_999).expect(404)
    await open(verifier, row?.id as string).expect(200)
    await open(owner, row?.id as string).expect(200)
    const audits = await db.query<{ target: string; after: { reference: string; evidence: number; kind: string } }>(
      "select target, after from staff_audit where function = 'console$openScamEvidence' order by id",
    )
    const group = await db.query<{ id: string }>('select id::text from scam_report_groups')
    expect(audits.rows).toHaveLength(2)
    expect(audits.rows[0]?.target).toBe(`scam-group:${group.rows[0]?.id}`)
    expect(audits.rows[0]?.after).toMatchObject({ evidence: Number(row?.id), kind: 'pdf' })
    expect(audits.rows[0]?.after.reference).toMatch(/^SR-/)
  })

  it('when the verifier reads the group, then each report lists its files; a file waiting for a form is in no group', async () => {
    await reportWith([
      { bytes: await png(), name: 'chat.png' },
      { bytes: PDF, name: 'invoice.pdf' },
    ])
    await upload(PDF, 'not-sent.pdf').expect(200)
    const groups = (await consoleCall(app, 'scamReportGroups', {}, { cookie: verifier.cookie }).expect(200)).body.data.rows
    const group = (await consoleCall(app, 'scamReportGroup', { id: groups[0].id }, { cookie: verifier.cookie }).expect(200)).body.data
    expect(group.reportsList[0].evidence.map((file: { name: string; kind: string }) => [file.kind, file.name])).toEqual([
      ['image', 'chat.jpg'],
      ['pdf', 'invoice.pdf'],
    ])
  })
})

/** A signed-in visitor whose session ends by the test's clock. */
async function signedInUser() {
  const email = `reporter-${Date.now().toString(36)}@example.com`
  const account = await db.query<{ id: string }>("insert into accounts (email, nick) values ($1, 'Reporter') returning id", [email])
  const userId = account.rows[0]?.id as string
  const session = await db.query<{ id: string }>('insert into sessions (account_id, expires_at) values ($1, $2) returning id', [
    userId,
    new Date(Date.now() + 3_600_000),
  ])
  return { token: platform.tokens.issue({ kind: 'user', userId, sessionId: session.rows[0]?.id as string }).access_token, userId, email }
}

describe('personal data', () => {
  it('when a reporter is erased, then their evidence goes with their reports, rows and files, and another reporter’s stays', async () => {
    const user = await signedInUser()
    await reportWith([{ bytes: await jpegWithExif(), name: 'my-bank-transfer.jpg' }], {}, user.token)
    await reportWith([{ bytes: PDF, name: 'someone-else.pdf' }])
    const before = await evidenceRows()
    expect(before).toHaveLength(2)
    await consoleCall(app, 'deleteVisitor', { id: user.userId, confirmEmail: user.email }, { cookie: owner.cookie }).expect(200)
    const after = await evidenceRows()
    expect(after.map((row) => row.name)).toEqual(['someone-else.pdf'])
    expect(existsSync(fileOf(before[0]?.storage_key as string))).toBe(false)
    expect(existsSync(fileOf(before[1]?.storage_key as string))).toBe(true)
  })

  it('when reports pass the keeping time, then their evidence goes with them, rows and files', async () => {
    const [row] = await reportWith([{ bytes: PDF, name: 'old.pdf' }])
    expect(await platform.services.scamReports.expire(new Date('2029-04-02T08:00:00Z'))).toBe(1)
    expect(await evidenceRows()).toEqual([])
    expect(existsSync(fileOf(row?.storage_key as string))).toBe(false)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('one file, two reports at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when two reports send the same file’s token together, then one takes it and the other is refused', async () => {
    const token = (await upload(PDF, 'invoice.pdf').expect(200)).body.data.token as string
    const answers = await Promise.all([report(form({ evidence: [token] })), report(form({ evidence: [token] }))])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect((await db.query('select id from scam_reports')).rows).toHaveLength(1)
    expect((await evidenceRows())[0]?.report_id).not.toBeNull()
  })
})
