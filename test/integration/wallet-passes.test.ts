import { execFileSync } from 'node:child_process'
import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ticketApplePassPath, ticketGoogleWalletPath, ticketPdfPath } from '../../shared/checkout-steps.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, loginCookie, type TestUser } from '../setup/users.ts'
import { makeTestWallets, TEST_CLASS_SUFFIX, TEST_ISSUER_ID, TEST_PASS_TYPE_ID, TEST_TEAM_ID } from '../setup/wallet-credentials.ts'
import { consoleCall, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, payForTickets } from './tickets-helpers.ts'

/**
 * Wallet passes (docs/product.md#wallet-passes): with both wallets configured, the owner of a paid
 * order gets each valid ticket as an Apple Wallet pass Apple's format accepts and a Google Wallet link
 * signed with the service account's key, both carrying the e-ticket's signed code; anyone else, a
 * refunded or voided ticket, or a site without the wallet, gets the PDF's 404.
 */

const wallets = makeTestWallets()
let app: App
let plain: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']
let exhibitionId: number
let buyer: TestUser
let buyerCookie: string
const folder = mkdtempSync(join(tmpdir(), 'wallet-passes-'))

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp({ env: wallets.env }))
  ;({ app: plain } = await createTestApp())
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
  buyer = await createUser(platform, db)
  buyerCookie = await loginCookie(db, buyer)
})

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () => done(null, Buffer.concat(chunks)))
  })

async function codeOf(ticketId: string): Promise<string> {
  return (await db.query<{ code: string }>('select code from e_tickets where id = $1', [ticketId])).rows[0]?.code as string
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

describe('an Apple Wallet pass', () => {
  it('when the owner downloads a ticket’s pass, then every file matches the manifest, openssl verifies the signature, and the QR is the e-ticket’s code', async () => {
    const holders = attendees(2).map((holder, index) => (index === 1 ? { ...holder, firstName: '小明', lastName: '王' } : holder))
    const { number, ticketIds } = await payForTickets(app, db, buyer.token, exhibitionId, holders)
    const response = await binary(
      request(app)
        .get(ticketApplePassPath('zh-cn', number, ticketIds[1] as string))
        .set('Cookie', buyerCookie),
    ).expect(200)
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="e-ticket-${number}-2.pkpass"`)
    expect(response.headers['cache-control']).toBe('private, no-store')

    const files = unzipSync(new Uint8Array(response.body as Buffer))
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png', 'manifest.json', 'pass.json', 'signature'])
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] as Uint8Array).toString('utf8')) as Record<string, string>
    expect(Object.keys(manifest).sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png', 'pass.json'])
    for (const [name, hash] of Object.entries(manifest))
      expect(
        createHash('sha1')
          .update(files[name] as Uint8Array)
          .digest('hex'),
        name,
      ).toBe(hash)
    // The images are PNGs of Apple's sizes, drawn from the brand's mark.
    const png = files['icon@2x.png'] as Uint8Array
    expect(Buffer.from(png.subarray(1, 4)).toString()).toBe('PNG')
    expect(Buffer.from(png).readUInt32BE(16)).toBe(58)

    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes)
    writeFileSync(join(folder, 'ca.pem'), wallets.caPem)
    const cms = (...extra: string[]) =>
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          join(folder, 'signature'),
          '-content',
          join(folder, 'manifest.json'),
          ...extra,
          '-out',
          '/dev/null',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
    // The chain is checked at the test certificates' own moment, not at the wall clock's.
    const attime = String(Date.parse('2027-01-10T09:00:00Z') / 1000)
    expect(() => cms('-CAfile', join(folder, 'ca.pem'), '-attime', attime)).not.toThrow()
    expect(() => cms('-noverify')).not.toThrow()
    // The signature covers the manifest: one byte changed and openssl refuses it.
    writeFileSync(
      join(folder, 'manifest.json'),
      Buffer.from(files['manifest.json'] as Uint8Array)
        .toString()
        .replace('{', '{ '),
    )
    expect(() => cms('-noverify')).toThrow()
    // It carries the pass certificate and the intermediate, as the phone needs to build the chain.
    const certificates = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', join(folder, 'signature'), '-print_certs', '-noout'], { encoding: 'utf8' })
    expect(certificates).toContain(`Pass Type ID: ${TEST_PASS_TYPE_ID}`)
    expect(certificates).toContain('Test Worldwide Developer Relations Certification Authority')

    const pass = JSON.parse(Buffer.from(files['pass.json'] as Uint8Array).toString('utf8'))
    expect(pass).toMatchObject({ formatVersion: 1, passTypeIdentifier: TEST_PASS_TYPE_ID, teamIdentifier: TEST_TEAM_ID, serialNumber: ticketIds[1] })
    expect(pass.barcodes).toEqual([expect.objectContaining({ format: 'PKBarcodeFormatQR', message: await codeOf(ticketIds[1] as string) })])
    // In the language of the page it was asked from, the holder in their culture's order.
    expect(pass.eventTicket.primaryFields[0]).toMatchObject({ label: '展会', value: '测试金融科技展' })
    expect(pass.eventTicket.secondaryFields[0]).toMatchObject({ value: '王小明' })
    expect(pass.eventTicket.auxiliaryFields[0].value).toMatch(/\d/)
  })
})

describe('a Google Wallet link', () => {
  it('when the owner asks for a ticket’s link, then they are sent to Google with a JWT the service account signed, of the class, id and code', async () => {
    const { number, ticketIds } = await payForTickets(app, db, buyer.token, exhibitionId, attendees(1))
    const response = await request(app)
      .get(ticketGoogleWalletPath('en', number, ticketIds[0] as string))
      .set('Cookie', buyerCookie)
      .expect(303)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const location = response.headers.location as string
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/)
    const [header, claims, signature] = location.slice('https://pay.google.com/gp/v/save/'.length).split('.') as [string, string, string]
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT' })
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), createPublicKey(wallets.googlePublicKeyPem), Buffer.from(signature, 'base64url'))).toBe(true)
    const body = decode(claims)
    expect(body).toMatchObject({ iss: 'wallet@expo-wallet.iam.gserviceaccount.com', aud: 'google', typ: 'savetowallet', origins: ['http://localhost:3000'] })
    const [object] = body.payload.eventTicketObjects
    expect(object).toMatchObject({
      id: `${TEST_ISSUER_ID}.${ticketIds[0]}`,
      classId: `${TEST_ISSUER_ID}.${TEST_CLASS_SUFFIX}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: await codeOf(ticketIds[0] as string) },
    })
  })
})

describe('who gets a wallet pass', () => {
  const paths = (number: string, ticketId: string) => [ticketApplePassPath('zh-cn', number, ticketId), ticketGoogleWalletPath('zh-cn', number, ticketId)]

  it('when someone else asks for the ticket’s pass or link, then the PDF’s translated 404, and without login a 401', async () => {
    const { number, ticketIds } = await payForTickets(app, db, buyer.token, exhibitionId, attendees(1))
    const stranger = await createUser(platform, db)
    const strangerCookie = await loginCookie(db, stranger)
    const own = await payForTickets(app, db, stranger.token, exhibitionId, attendees(1))
    for (const path of [...paths(number, ticketIds[0] as string), ...paths(own.number, ticketIds[0] as string)]) {
      const refused = await request(app).get(path).set('Cookie', strangerCookie).expect(404)
      expect(refused.text).toBe('未找到此电子票。')
      await request(app).get(path).expect(401)
    }
  })

  it('when someone else bought the ticket in the caller’s name, then its holder gets the pass and the link; the holder of the order’s other ticket does not', async () => {
    const holders = attendees(2)
    const { number, ticketIds } = await payForTickets(app, db, buyer.token, exhibitionId, holders)
    const holder = await createUser(platform, db, { email: holders[1]?.email })
    const holderCookie = await loginCookie(db, holder)
    const pass = await binary(
      request(app)
        .get(ticketApplePassPath('zh-cn', number, ticketIds[1] as string))
        .set('Cookie', holderCookie),
    ).expect(200)
    const files = unzipSync(new Uint8Array(pass.body as Buffer))
    const passJson = JSON.parse(Buffer.from(files['pass.json'] as Uint8Array).toString('utf8'))
    expect(passJson.barcodes[0].message).toBe(await codeOf(ticketIds[1] as string))
    await request(app)
      .get(ticketGoogleWalletPath('zh-cn', number, ticketIds[1] as string))
      .set('Cookie', holderCookie)
      .expect(303)
    // "My orders" lists it with the e-ticket's id, for the buttons.
    const mine = (await call(app, 'tickets$myOrders', holder.token, {}).expect(200)).body.data
    expect(mine.held.map((ticket: { ticketId: string }) => ticket.ticketId)).toEqual([ticketIds[1]])
    // Not the order's other ticket, nor an address that is no ticket's id.
    for (const path of [...paths(number, ticketIds[0] as string), ...paths(number, 'not-a-ticket')])
      await request(app).get(path).set('Cookie', holderCookie).expect(404)
  })

  it('when a ticket was refunded, or its order cancelled, then its pass and link are a 404, while the order’s other ticket still has them', async () => {
    const manager = await setUpMember(app, db, ['manager'])
    const refunded = await payForTickets(app, db, buyer.token, exhibitionId, attendees(2))
    await consoleCall(
      app,
      'refundOrder',
      { number: refunded.number, ticketIds: [refunded.ticketIds[0]], idempotencyKey: randomUUID() },
      { cookie: manager.cookie },
    ).expect(200)
    const voided = await payForTickets(app, db, buyer.token, exhibitionId, attendees(1))
    await consoleCall(app, 'cancelOrder', { number: voided.number, refund: false }, { cookie: manager.cookie }).expect(200)
    for (const path of [...paths(refunded.number, refunded.ticketIds[0] as string), ...paths(voided.number, voided.ticketIds[0] as string)]) {
      await request(app).get(path).set('Cookie', buyerCookie).expect(404)
    }
    await request(app)
      .get(ticketApplePassPath('en', refunded.number, refunded.ticketIds[1] as string))
      .set('Cookie', buyerCookie)
      .expect(200)
    await request(app)
      .get(ticketGoogleWalletPath('en', refunded.number, refunded.ticketIds[1] as string))
      .set('Cookie', buyerCookie)
      .expect(303)
  })

  it('when the site has no wallet configured, then neither file exists, the PDF still does, and the order page draws no wallet button', async () => {
    const { number, ticketIds } = await payForTickets(plain, db, buyer.token, exhibitionId, attendees(1))
    for (const path of paths(number, ticketIds[0] as string)) await request(plain).get(path).set('Cookie', buyerCookie).expect(404)
    await request(plain)
      .get(ticketPdfPath('en', number, ticketIds[0] as string))
      .set('Cookie', buyerCookie)
      .expect(200)
    const page = await request(plain).get(`/en/apply/order?order=${number}`).set('Cookie', buyerCookie).expect(200)
    expect(page.text).toContain('data-testid="ticket-pdf"')
    expect(page.text).not.toContain('data-testid="ticket-apple-wallet"')
    expect(page.text).not.toContain('data-testid="ticket-google-wallet"')
    const configured = await request(app).get(`/en/apply/order?order=${number}`).set('Cookie', buyerCookie).expect(200)
    expect(configured.text).toContain(`href="${ticketApplePassPath('en', number, ticketIds[0] as string)}"`)
    expect(configured.text).toContain(`href="${ticketGoogleWalletPath('en', number, ticketIds[0] as string)}"`)
  })
})
