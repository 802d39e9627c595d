import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { VERIFY_FILE_FIELD as REF_FIELD, VERIFY_FILE_PATH as REF_PATH } from '../../shared/rules/verification.ts'
import { VERIFY_FILE_FIELD, VERIFY_FILE_PATH } from '../../shared/contracts/verification.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { DEMO_DOCUMENTS, seedVerification } from '../../server/platform/verification/seed.ts'
import { demoAsWritten } from '../setup/demo-clock.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

const FIXTURES = new URL('../fixtures/verify/', import.meta.url)
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES))
const MB = 1024 * 1024

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let server: Server
let port: number

let nextAddress = 0
const freshIp = () => {
  nextAddress += 1
  return `10.71.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`
}

beforeAll(async () => {
  const test = await createTestApp({ domains: ['site', 'verification'] })
  app = test.app
  platform = test.platform
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(async () => {
  await resetDatabase(platform.db)
  await platform.db.transaction((tx) => seedVerification(platform, platform.services.verification, tx, demoAsWritten(platform)))
})

interface Part {
  name: string
  filename?: string
  type?: string
  data: Buffer | string
}

const BOUNDARY = '----verify-test-boundary-7d1f'

function multipart(parts: Part[], options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`))
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data))
    chunks.push(Buffer.from('\r\n'))
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(chunks)
}

const pdfPart = (data: Buffer, filename = 'contract.pdf', type = 'application/pdf'): Part => ({ name: 'file', filename, type, data })

function upload(body: Buffer, ip = freshIp()) {
  return request(app).post(VERIFY_FILE_PATH).set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).set('X-Forwarded-For', ip).send(body)
}

/** A raw request, to control exactly what is sent and when; resolves with the answer and how much was sent by then. */
function rawUpload(options: { headers: Record<string, string | number>; body?: (write: (chunk: Buffer) => boolean) => Promise<void> }) {
  return new Promise<{ status: number; body: Record<string, unknown>; sentWhenAnswered: number; headers: IncomingMessage['headers'] }>((resolve, reject) => {
    let sent = 0
    let sentWhenAnswered = -1
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: VERIFY_FILE_PATH, headers: options.headers }, (res) => {
      sentWhenAnswered = sent
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), sentWhenAnswered, headers: res.headers }),
      )
    })
    req.on('error', (error) => {
      // The server closes a refused upload's connection; the answer has usually arrived by then.
      if (sentWhenAnswered < 0) reject(error)
    })
    req.flushHeaders()
    const write = (chunk: Buffer) => {
      sent += chunk.length
      return req.write(chunk)
    }
    if (options.body)
      options
        .body(write)
        .then(() => req.end())
        .catch(() => {})
  })
}

describe('POST /api/verify/file', () => {
  it('when the browser and the platform name the endpoint, then they agree', () => {
    expect(REF_PATH).toBe(VERIFY_FILE_PATH)
    expect(REF_FIELD).toBe(VERIFY_FILE_FIELD)
  })

  it('when the fixture PDFs are hashed, then the demo register holds their fingerprints', () => {
    const hash = (name: string) => createHash('sha256').update(fixture(name)).digest('hex')
    expect(DEMO_DOCUMENTS.map((document) => document.sha256)).toEqual([hash('official-agreement.pdf'), hash('revoked-invoice.pdf')])
  })

  it('when an official PDF is uploaded, then it is official with the document, its date and audience', async () => {
    const response = await upload(multipart([pdfPart(fixture('official-agreement.pdf'))]))
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toMatchObject({
      succeed: true,
      ErrorCode: 200,
      data: {
        verdict: 'official',
        sha256: DEMO_DOCUMENTS[0]?.sha256,
        bytes: fixture('official-agreement.pdf').length,
        document: {
          title: 'Exhibitor Agreement – Singapore 2026',
          issuedTo: 'Example Brokerage Ltd',
          issuedOn: '2026-02-03',
          shownTo: 'parties',
          revokedOn: null,
        },
      },
    })
  })

  it('when a PDF we never issued is uploaded, then it is non-official and says nothing else', async () => {
    const response = await upload(multipart([pdfPart(fixture('unknown-agreement.pdf'), 'AE-SG26-0142.pdf')]))
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({
      verdict: 'unofficial',
      sha256: createHash('sha256').update(fixture('unknown-agreement.pdf')).digest('hex'),
      bytes: fixture('unknown-agreement.pdf').length,
      document: null,
      signature: null,
    })
  })

  it('when a revoked document is uploaded, then it is non-official and says when it was revoked', async () => {
    const response = await upload(multipart([pdfPart(fixture('revoked-invoice.pdf'))]))
    expect(response.body.data).toMatchObject({ verdict: 'unofficial', document: { revokedOn: '2025-04-01' } })
  })

  it('when a PNG is renamed to .pdf and declared as a PDF, then 415 by its content', async () => {
    const response = await upload(multipart([pdfPart(fixture('image-renamed.pdf'), 'contract.pdf', 'application/pdf')]))
    expect(response.status).toBe(415)
    expect(response.body).toMatchObject({ succeed: false, ErrorCode: 415, message: 'verify:errors.fileType' })
  })

  it('when a real PDF is named .png and declared as an image, then it is still checked as the PDF it is', async () => {
    const response = await upload(multipart([pdfPart(fixture('official-agreement.pdf'), 'photo.png', 'image/png')]))
    expect(response.body.data.verdict).toBe('official')
  })

  it('when the file is shorter than the PDF signature, then 415', async () => {
    expect((await upload(multipart([pdfPart(Buffer.from('%PD'))]))).status).toBe(415)
  })

  it('when the file is empty, then 400 with the empty-file message', async () => {
    const response = await upload(multipart([pdfPart(Buffer.alloc(0))]))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('verify:errors.emptyFile')
  })

  it('when there is no file field, then 400 with the no-file message', async () => {
    const onlyText = await upload(multipart([{ name: 'note', data: 'hello' }]))
    expect(onlyText.status).toBe(400)
    expect(onlyText.body.message).toBe('verify:errors.noFile')
    const otherName = await upload(multipart([{ name: 'document', filename: 'a.pdf', type: 'application/pdf', data: fixture('official-agreement.pdf') }]))
    expect(otherName.body.message).toBe('verify:errors.noFile')
  })

  it('when the multipart body is cut off, then 400 Upload Failed', async () => {
    const whole = multipart([pdfPart(fixture('official-agreement.pdf'))], { close: false })
    const response = await upload(whole.subarray(0, whole.length - 200))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('verify:errors.uploadFailed')
  })

  it('when the body is not multipart, then 400 Upload Failed', async () => {
    const response = await request(app)
      .post(VERIFY_FILE_PATH)
      .set('Content-Type', 'application/pdf')
      .set('X-Forwarded-For', freshIp())
      .send(fixture('official-agreement.pdf'))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('verify:errors.uploadFailed')
  })

  it('when another method is used, then 405 with Allow: POST', async () => {
    for (const method of ['get', 'put', 'delete'] as const) {
      const response = await request(app)[method](VERIFY_FILE_PATH)
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe('POST')
      expect(response.body).toMatchObject({ succeed: false, ErrorCode: 405 })
    }
  })

  it('when an 11 MB file declares its length, then 413 before a byte of it is read', async () => {
    const answer = await rawUpload({
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': 11 * MB + 400, 'X-Forwarded-For': freshIp() },
      // Nothing is sent: the answer must come from the headers alone.
      body: () => new Promise(() => {}),
    })
    expect(answer.status).toBe(413)
    expect(answer.sentWhenAnswered).toBe(0)
    expect(answer.body).toMatchObject({ ErrorCode: 413, message: 'verify:errors.fileTooLarge', data: { maxMb: 10 } })
    expect(answer.headers.connection).toBe('close')
  })

  it('when an 11 MB file streams without a declared length, then 413 at the limit and the rest is not read', async () => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    )
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let stopped = false
    const answer = await rawUpload({
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Transfer-Encoding': 'chunked', 'X-Forwarded-For': freshIp() },
      body: async (write) => {
        write(head)
        for (let sent = 0; sent < 11 * MB && !stopped; sent += chunk.length) {
          if (!write(chunk)) await new Promise((resolve) => setTimeout(resolve, 2))
        }
      },
    })
    stopped = true
    expect(answer.status).toBe(413)
    expect(answer.body.message).toBe('verify:errors.fileTooLarge')
    // Answered at the 10 MB limit (plus what sat in socket buffers), not after the 11 MB.
    expect(answer.sentWhenAnswered).toBeLessThan(11 * MB)
  })

  it('when one address uploads more than 10 times in ten minutes, then 429', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let index = 0; index < 12; index += 1) statuses.push((await upload(multipart([pdfPart(fixture('unknown-agreement.pdf'))]), ip)).status)
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('when 100 uploads arrive at once, then each gets its own right answer', async () => {
    const names = ['official-agreement.pdf', 'unknown-agreement.pdf', 'revoked-invoice.pdf'] as const
    const started = performance.now()
    const responses = await Promise.all(Array.from({ length: 100 }, (_, index) => upload(multipart([pdfPart(fixture(names[index % 3] as string))]))))
    const seconds = (performance.now() - started) / 1000
    responses.forEach((response, index) => {
      expect(response.status).toBe(200)
      const name = names[index % 3] as string
      expect(response.body.data.sha256).toBe(createHash('sha256').update(fixture(name)).digest('hex'))
      expect(response.body.data.verdict).toBe(name === 'official-agreement.pdf' ? 'official' : 'unofficial')
    })
    expect(seconds).toBeLessThan(20)
  })

  it('when a client goes away mid-upload, then the server carries on answering others', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: VERIFY_FILE_PATH,
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': 5000, 'X-Forwarded-For': freshIp() },
      })
      req.on('error', () => resolve())
      req.write(multipart([pdfPart(fixture('official-agreement.pdf'))]).subarray(0, 300))
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 100)
    })
    const response = await upload(multipart([pdfPart(fixture('official-agreement.pdf'))]))
    expect(response.body.data.verdict).toBe('official')
  })
})
