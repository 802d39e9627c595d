import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChannelVerdict } from '../../shared/contracts/verification.ts'
import { REGISTER_DOCUMENT_PATH } from '../../shared/rules/console-register.ts'
import type { Database } from '../../server/db/client.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, SITE, type SignedInMember, setUpMember } from './console-helpers.ts'

/**
 * The verification register in the console (docs/product.md#console-register): official channels listed, searched, added,
 * changed and retired; documents registered by the fingerprint of an uploaded PDF and revoked; what
 * visitors looked up. Every change is audited in its own transaction and reaches the public check at once.
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

const call = (name: string, payload: unknown, member = verifier) => consoleCall(app, name, payload, { cookie: member.cookie })
const auditOf = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

let nextAddress = 0
async function publicCheck(value: string): Promise<ChannelVerdict> {
  nextAddress += 1
  const response = await request(app)
    .post(INVOKE)
    .set('Routes', 'expo$verifyChannel')
    .set('Authorization', `Bearer ${visitorToken}`)
    .set('CountryCode', '826')
    .set('X-Forwarded-For', `10.71.0.${nextAddress}`)
    .send({ value })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data as ChannelVerdict
}

const phone = { kind: 'phone', value: '+44 20 7946 0123', purpose: 'tickets', since: '2024-03-01', public: true, note: 'Box office' }

function upload(member: SignedInMember, bytes: Buffer, filename: string, options: { origin?: string } = {}) {
  return request(app)
    .post(REGISTER_DOCUMENT_PATH)
    .set('X-Console-Request', '1')
    .set('Origin', options.origin ?? SITE)
    .set('Cookie', member.cookie)
    .attach('file', bytes, { filename, contentType: 'application/pdf' })
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

describe('official channels in the console', () => {
  it('when a verifier adds a channel, then it is audited, listed, and the public check answers official at once', async () => {
    // The public check reads its channels before the change: the console's change must not wait for a cache.
    expect((await publicCheck('+442079460123')).verdict).toBe('unofficial')
    const added = await call('saveRegisterChannel', phone)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.data).toMatchObject({ kind: 'phone', display: '+44 20 7946 0123', purpose: 'tickets', since: '2024-03-01', until: null, public: true })
    const audit = await auditOf('console$saveRegisterChannel')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ staff_id: verifier.id, target: `channel:${added.body.data.id}`, before: null, after: { display: '+44 20 7946 0123' } })
    expect((await publicCheck('020 7946 0123')).verdict).toBe('official')
    const listed = await call('registerChannels', { search: '0044 (20) 7946-0123' })
    expect(listed.body.data.total).toBe(1)
  })

  it('when the same value is added again in another form, then it is refused with a translated 409 and nothing is audited', async () => {
    await call('saveRegisterChannel', phone).expect(200)
    const again = await call('saveRegisterChannel', { ...phone, value: '0044 (20) 7946-0123' })
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.registerDuplicate'])
    expect(again.body.data).toEqual({ value: '+44 20 7946 0123' })
    expect(await auditOf('console$saveRegisterChannel')).toHaveLength(1)
  })

  it('when a channel is edited, then its validity period changes and the audit keeps before and after', async () => {
    const { id } = (await call('saveRegisterChannel', phone).expect(200)).body.data
    const edited = await call('saveRegisterChannel', { ...phone, id, since: '2023-01-01', until: '2025-12-31', purpose: 'general' })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data).toMatchObject({ since: '2023-01-01', until: '2025-12-31', purpose: 'general' })
    const audit = await auditOf('console$saveRegisterChannel')
    expect(audit[1]).toMatchObject({ before: { since: '2024-03-01', until: null }, after: { since: '2023-01-01', until: '2025-12-31' } })
    const backwards = await call('saveRegisterChannel', { ...phone, id, since: '2026-01-01', until: '2025-01-01' })
    expect([backwards.status, backwards.body.data.fields]).toEqual([400, { until: 'console:errors.registerUntilBeforeSince' }])
  })

  it('when a channel is retired, then it stays listed as retired and the public check answers "was ours until"', async () => {
    const { id } = (await call('saveRegisterChannel', { ...phone, kind: 'telegram', value: 'https://t.me/AurumTickets' }).expect(200)).body.data
    const retired = await call('retireRegisterChannel', { id, on: '2026-06-30' })
    expect(retired.status, JSON.stringify(retired.body)).toBe(200)
    expect(retired.body.data.until).toBe('2026-06-30')
    expect(await auditOf('console$retireRegisterChannel')).toMatchObject([{ target: `channel:${id}`, before: { until: null }, after: { until: '2026-06-30' } }])
    const verdict = await publicCheck('@aurumtickets')
    expect(verdict.verdict).toBe('unofficial')
    expect(verdict.formerly).toMatchObject([{ display: '@AurumTickets', until: '2026-06-30' }])
    expect((await call('registerChannels', { state: 'retired' })).body.data.rows).toMatchObject([{ id, until: '2026-06-30' }])
    expect((await call('registerChannels', { state: 'current' })).body.data.total).toBe(0)
    const twice = await call('retireRegisterChannel', { id, on: '2026-07-01' })
    expect([twice.status, twice.body.message]).toEqual([409, 'console:errors.registerAlreadyRetired'])
  })

  it('when the list is paged and filtered by kind, then each page holds its share and the total counts them all', async () => {
    for (const handle of ['aurum_one', 'aurum_two', 'aurum_three']) await call('saveRegisterChannel', { ...phone, kind: 'x', value: `@${handle}` }).expect(200)
    await call('saveRegisterChannel', phone).expect(200)
    const first = (await call('registerChannels', { kind: 'x', pageSize: 2, page: 1 })).body.data
    const second = (await call('registerChannels', { kind: 'x', pageSize: 2, page: 2 })).body.data
    expect([first.total, first.rows.length, second.rows.length]).toEqual([3, 2, 1])
    // Wildcards typed by a member are plain characters.
    expect((await call('registerChannels', { search: '%' })).body.data.total).toBe(0)
    expect((await call('registerChannels', { search: 'aurum_t' })).body.data.total).toBe(2)
  })

  it('when the input is hostile or wrong, then the answer is a translated 4xx, never a 500', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ ...phone, value: '7946 0123' }, 400, 'console:errors.registerPhone'],
      [{ ...phone, kind: 'email', value: 'not-an-address' }, 400, 'console:errors.registerEmail'],
      [{ ...phone, kind: 'usdtTrc20', value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6x' }, 400, 'console:errors.registerAddress'],
      [{ ...phone, kind: 'telegram', value: '<script>alert(1)</script>' }, 400, 'console:errors.registerHandle'],
      [{ ...phone, kind: 'fax' }, 400, 'errors.invalid'],
      [{ ...phone, since: '2024-13-45' }, 400, 'errors.invalid'],
      [{ ...phone, value: 'x'.repeat(5000) }, 400, 'errors.invalid'],
      [{ ...phone, id: 999999 }, 404, 'console:errors.registerChannelNotFound'],
      [{ ...phone, public: 'yes' }, 400, 'errors.invalid'],
      [[1, 2, 3], 400, 'errors.invalid'],
    ]
    for (const [payload, status, message] of cases) {
      const answer = await call('saveRegisterChannel', payload)
      expect([answer.status, answer.body.message], JSON.stringify(payload).slice(0, 80)).toEqual([status, message])
    }
    expect((await call('registerChannels', { page: -1 })).status).toBe(400)
    expect((await call('registerChannels', { pageSize: 10_000 })).status).toBe(400)
    expect((await call('retireRegisterChannel', { id: 'one', on: '2026-01-01' })).status).toBe(400)
    expect(await auditOf('console$saveRegisterChannel')).toHaveLength(0)
  })
})

describe('registered documents in the console', () => {
  it('when a verifier uploads a PDF and registers it, then only its hash is kept and the public file check finds it', async () => {
    const hashed = await upload(verifier, PDF, 'agreement.pdf')
    expect(hashed.status, JSON.stringify(hashed.body)).toBe(200)
    const { sha256 } = hashed.body.data
    expect(sha256).toMatch(/^[0-9a-f]{64}$/)
    const added = await call('addRegisterDocument', {
      sha256,
      title: 'Exhibitor Agreement',
      reference: 'AE-SG26-0142',
      issuedTo: 'Example Ltd',
      issuedOn: '2026-02-03',
      shownTo: 'parties',
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(await auditOf('console$addRegisterDocument')).toMatchObject([{ staff_id: verifier.id, after: { sha256, title: 'Exhibitor Agreement' } }])
    const check = await request(app).post('/api/verify/file').attach('file', PDF, 'copy.pdf')
    expect(check.body.data).toMatchObject({ verdict: 'official', document: { title: 'Exhibitor Agreement' } })
    const again = await call('addRegisterDocument', { sha256, title: 'Again', issuedTo: 'Example Ltd', issuedOn: '2026-02-03', shownTo: 'parties' })
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.registerDocumentExists'])

    const { id } = added.body.data
    const revoked = await call('retireRegisterDocument', { id, on: '2026-05-01' })
    expect([revoked.status, revoked.body.data.revokedOn]).toEqual([200, '2026-05-01'])
    expect(await auditOf('console$retireRegisterDocument')).toMatchObject([
      { target: `document:${id}`, before: { revokedOn: null }, after: { revokedOn: '2026-05-01' } },
    ])
    expect((await request(app).post('/api/verify/file').attach('file', PDF, 'copy.pdf')).body.data.verdict).toBe('unofficial')
    expect((await call('registerDocuments', { search: 'exhibitor' })).body.data).toMatchObject({ total: 1, rows: [{ id, revokedOn: '2026-05-01' }] })
  })

  it('when an HTML file renamed .pdf is uploaded, then it is refused by its content with a translated 415', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    const answer = await upload(verifier, html, 'agreement.pdf')
    expect([answer.status, answer.body.message]).toEqual([415, 'console:errors.registerNotPdf'])
    const empty = await upload(verifier, Buffer.alloc(0), 'empty.pdf')
    expect([empty.status, empty.body.message]).toEqual([400, 'console:errors.registerNoFile'])
  })

  it('when the upload comes without a session, from another site, or from a member without the role, then it is refused', async () => {
    const support = await setUpMember(app, db, ['support'])
    expect([(await upload(support, PDF, 'a.pdf')).status]).toEqual([403])
    expect((await upload(verifier, PDF, 'a.pdf', { origin: 'https://evil.example' })).body.message).toBe('errors.consoleRequest')
    const anonymous = await request(app).post(REGISTER_DOCUMENT_PATH).set('X-Console-Request', '1').set('Origin', SITE).attach('file', PDF, 'a.pdf')
    expect([anonymous.status, anonymous.body.message]).toEqual([401, 'errors.staffLoginRequired'])
    expect((await upload(verifier, PDF, 'a.pdf')).headers['cache-control']).toBe('private, no-store')
  })

  it('when a document is registered with a made-up fingerprint or bad details, then it is a translated 400', async () => {
    const bad = await call('addRegisterDocument', { sha256: 'zz', title: '', issuedTo: 'x', issuedOn: 'soon', shownTo: 'everyone' })
    expect(bad.status).toBe(400)
    expect(bad.body.data.fields).toMatchObject({ sha256: 'console:errors.registerNoFile', title: 'errors.required', issuedOn: 'console:errors.registerDate' })
    expect((await call('retireRegisterDocument', { id: 999999, on: '2026-01-01' })).body.message).toBe('console:errors.registerDocumentNotFound')
  })
})

describe('what visitors looked up', () => {
  it('when visitors check values, then the most asked unknown ones lead and official ones are marked', async () => {
    await call('saveRegisterChannel', phone).expect(200)
    for (let n = 0; n < 3; n++) await publicCheck('@fake_aurum_support')
    await publicCheck('scam@aurum-expo.example.net')
    await publicCheck('+44 20 7946 0123')
    const answer = await call('registerLookups', { page: 1 })
    expect(answer.status).toBe(200)
    expect(answer.body.data.unknown).toMatchObject([
      { type: 'chat', value: '@fake_aurum_support', count: 3 },
      { type: 'email', value: 'scam@aurum-expo.example.net', count: 1 },
    ])
    expect(answer.body.data.total).toBe(3)
    expect(answer.body.data.recent.find((row: { official: boolean }) => row.official)).toMatchObject({ type: 'phone', count: 1 })
    // Only the value is kept: nothing about who asked.
    const columns = (await db.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'verification_lookups'"))
      .rows
    expect(columns.map((column) => column.column_name).sort()).toEqual(['first_at', 'last_at', 'lookups', 'official', 'query_type', 'value'])
  })
})

describe('roles', () => {
  it('when members of other roles call the register, then each function answers 403; an owner may', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    for (const role of ['manager', 'editor', 'support', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      for (const [name, payload] of [
        ['registerChannels', {}],
        ['saveRegisterChannel', phone],
        ['retireRegisterChannel', { id: 1, on: '2026-01-01' }],
        ['registerDocuments', {}],
        ['addRegisterDocument', { sha256: 'a'.repeat(64), title: 't', issuedTo: 'x', issuedOn: '2026-01-01', shownTo: 'anyone' }],
        ['retireRegisterDocument', { id: 1, on: '2026-01-01' }],
        ['registerLookups', {}],
      ] as const) {
        const answer = await call(name, payload, member)
        expect([answer.status, answer.body.message], `${name} as ${role}`).toEqual([403, 'errors.forbidden'])
      }
    }
    expect((await call('saveRegisterChannel', phone, owner)).status).toBe(200)
    expect((await auditOf('console$saveRegisterChannel'))[0]?.staff_id).toBe(owner.id)
  })
})
