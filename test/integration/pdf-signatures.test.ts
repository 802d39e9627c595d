import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PDFDocument } from 'pdf-lib'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ticketPdfPath } from '../../shared/checkout-steps.ts'
import { VERIFY_FILE_PATH } from '../../shared/contracts/verification.ts'
import { loadDocumentSigning } from '../../server/platform/document-signing.ts'
import { readPdfSignature, selfSignedP12 } from '../../server/platform/kit/pdf-signature.ts'
import { testPdfSigner } from '../setup/pdf-signer.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, loginCookie, type TestUser } from '../setup/users.ts'
import { type App, attendees, makeExhibition, payForTickets, someIp } from './tickets-helpers.ts'

/**
 * The PDFs the site issues carry the organiser's signature, and the verification page reads it
 * (docs/product.md#document-signatures): ours and unchanged, ours but changed, someone else's, or none
 * (then the register answers as before); a signature that cannot be read is a 400, never a 500.
 */

let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']
let buyer: TestUser
let buyerCookie: string
let exhibitionId: number

let signedAt: Date
const BOUNDARY = '----signature-test-boundary'

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
  buyer = await createUser(platform, db)
  buyerCookie = await loginCookie(db, buyer)
})

/**
 * An e-ticket as its owner downloads it. The signing time is the clock's when the file is made (to
 * the second): kept in `signedAt` (the clock is the real one here, as PostgreSQL checks sessions
 * with its own now(); kit/pdf-signature.test.ts signs at a set moment).
 */
async function ticketFile(): Promise<Buffer> {
  const { number, ticketIds } = await payForTickets(app, db, buyer.token, exhibitionId, attendees(1))
  const before = Math.floor(Date.now() / 1000) * 1000
  const response = await request(app)
    .get(ticketPdfPath('en', number, ticketIds[0] as string))
    .set('Cookie', buyerCookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
    .expect(200)
  const file = response.body as Buffer
  const reading = readPdfSignature(file)
  signedAt = (reading.signed && reading.signedAt) as Date
  expect(signedAt.getTime()).toBeGreaterThanOrEqual(before)
  expect(signedAt.getTime()).toBeLessThanOrEqual(Date.now())
  return file
}

function check(file: Buffer) {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="e-ticket.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
  return request(app).post(VERIFY_FILE_PATH).set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).set('X-Forwarded-For', someIp()).send(body)
}

async function blankPdf(): Promise<PDFDocument> {
  const pdf = await PDFDocument.create()
  pdf.addPage([300, 300]).drawText('Ticket')
  return pdf
}

/** The file with one byte changed, inside the signed range and outside anything a reader needs (the binary comment of line 2). */
function oneByteChanged(file: Buffer): Buffer {
  const changed = Buffer.from(file)
  changed[10] = (changed[10] as number) ^ 0x01
  return changed
}

describe('signed PDFs on the verification page', () => {
  it('when an e-ticket the site issued is uploaded, then it is signed by us, unchanged, at the moment it was made', async () => {
    const file = await ticketFile()
    const answer = await check(file).expect(200)
    expect(answer.body.data.signature).toEqual({ state: 'intact', signedAt: signedAt.toISOString() })
    expect((await PDFDocument.load(file)).getPageCount()).toBe(1)
  })

  it('when one byte inside the signed range changed, then it is ours but changed', async () => {
    const answer = await check(oneByteChanged(await ticketFile())).expect(200)
    expect(answer.body.data.signature).toEqual({ state: 'changed', signedAt: signedAt.toISOString() })
  })

  it('when bytes were appended after the signed range (an incremental update), then it is ours but changed', async () => {
    const file = await ticketFile()
    const appended = Buffer.concat([file, Buffer.from('\n99 0 obj\n<< /Edited true >>\nendobj\n%%EOF\n')])
    const answer = await check(appended).expect(200)
    expect(answer.body.data.signature).toEqual({ state: 'changed', signedAt: signedAt.toISOString() })
  })

  it("when another certificate in our brand's very name signed it, then it is signed, but not by us", async () => {
    const forged = Buffer.from(await testPdfSigner(platform.config.BRAND_NAME).sign(await blankPdf()))
    const answer = await check(forged).expect(200)
    expect(answer.body.data.signature).toEqual({ state: 'foreign' })
  })

  it('when a PDF is not signed, then the register answers as before', async () => {
    const answer = await check(readFileSync(new URL('../fixtures/verify/unknown-agreement.pdf', import.meta.url))).expect(200)
    expect(answer.body.data.signature).toBeNull()
    expect(answer.body.data.verdict).toBe('unofficial')
  })

  it("when a PDF's signature cannot be read, then a clear 400, never a 500", async () => {
    const file = await ticketFile()
    const text = file.toString('latin1')
    const cutRange = Buffer.from(
      text.replace(/\/ByteRange \[\s*0 (\d+) (\d+) (\d+)\s*\]/, (whole) => whole.replace(/\d+(?=\s*\]$)/, '9999999')),
      'latin1',
    )
    const notPkcs7 = Buffer.from(text.replace(/\/Contents <([0-9a-fA-F]{8})/, '/Contents <30800000'), 'latin1')
    for (const broken of [cutRange, notPkcs7, Buffer.from('%PDF-1.7\n/ByteRange [0 a b c]\n')]) {
      const answer = await check(broken).expect(400)
      expect(answer.body.message).toBe('verify:errors.unreadable')
    }
  })

  it('when the site restarts, or is later given a key of its own, then the PDFs it signed before still read as ours', async () => {
    const file = await ticketFile()
    const restarted = await loadDocumentSigning(db, platform.config)
    expect(await restarted.check(file)).toEqual({ state: 'intact', signedAt })
    const configured = await loadDocumentSigning(db, {
      ...platform.config,
      DOCUMENT_SIGNING_P12: selfSignedP12('Organiser Ltd', new Date()).toString('base64'),
    })
    expect(await configured.check(file)).toEqual({ state: 'intact', signedAt })
    // Both instances know both certificates: the one that signs now and the one that signed before.
    expect(await restarted.check(Buffer.from(await configured.sign(await blankPdf())))).toMatchObject({ state: 'intact' })
  })
})

describe('uploads held in memory for the signature check', () => {
  const MB = 1024 * 1024

  it('when sixteen of the largest uploads are held at once, then the next waits (429) until they are gone', async () => {
    const small = await createTestApp({ domains: ['site', 'verification'], env: { UPLOAD_MAX_MB: '1' } })
    const server = small.app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    const head = (size: number) =>
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-${'x'.repeat(size - 5)}`,
      )
    // Each of the sixteen holds almost 1 MB and sends no more: a small file finds no room once they all
    // arrived. A small file that came while some were still arriving may take the room one of them needed,
    // and that one is refused instead (the limit working as meant): it is sent again, until sixteen are held.
    let holding = true
    const held = new Set<ReturnType<typeof httpRequest>>()
    const hold = () => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: VERIFY_FILE_PATH,
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'X-Forwarded-For': someIp() },
      })
      req.on('error', () => {})
      req.on('response', (answer) => {
        answer.resume()
        held.delete(req)
        if (holding) hold()
      })
      req.write(head(MB - 1024))
      held.add(req)
    }
    for (let i = 0; i < 16; i += 1) hold()
    try {
      await expect.poll(async () => (await smallCheck(small.app)).status, { timeout: 20_000 }).toBe(429)
      holding = false
      for (const req of held) req.destroy()
      await expect.poll(async () => (await smallCheck(small.app)).status, { timeout: 20_000 }).toBe(200)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await small.platform.close()
    }
  }, 60_000)
})

function smallCheck(target: App) {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="small.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from(`%PDF-1.7\n${'y'.repeat(64 * 1024)}\n`),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
  return request(target).post(VERIFY_FILE_PATH).set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).set('X-Forwarded-For', someIp()).send(body)
}
