import { readFileSync } from 'node:fs'
import { PDFDocument } from 'pdf-lib'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { VERIFY_DOCUMENT_PATH, VERIFY_FILE_PATH, verifyDocumentAction } from '../../shared/rules/verification.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { seedVerification } from '../../server/platform/verification/seed.ts'
import { demoAsWritten } from '../setup/demo-clock.ts'
import { testPdfSigner } from '../setup/pdf-signer.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

/**
 * The PDF check without JavaScript (docs/product.md#verification-without-javascript): the same check
 * as POST /api/verify/file, answered with a page in the form's language, its refusals with their
 * statuses and translated words, and nothing the sender chose placed in the page unescaped.
 */

const FIXTURES = new URL('../fixtures/verify/', import.meta.url)
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES))
const en = JSON.parse(readFileSync(new URL('../../locales/en/verify.json', import.meta.url), 'utf8'))
const zh = JSON.parse(readFileSync(new URL('../../locales/zh-cn/verify.json', import.meta.url), 'utf8'))
const zhPage = JSON.parse(readFileSync(new URL('../../locales/zh-cn/document-check.json', import.meta.url), 'utf8'))
const zhCommon = JSON.parse(readFileSync(new URL('../../locales/zh-cn/common.json', import.meta.url), 'utf8'))
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let brand: string

let nextAddress = 0
const freshIp = () => {
  nextAddress += 1
  return `10.72.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`
}

beforeAll(async () => {
  ;({ app, platform } = await createTestApp({ domains: ['site', 'verification'] }))
  brand = platform.config.BRAND_NAME
})

beforeEach(async () => {
  await resetDatabase(platform.db)
  await platform.db.transaction((tx) => seedVerification(platform, platform.services.verification, tx, demoAsWritten(platform)))
})

function post(file: Buffer | null, options: { lang?: string; name?: string; ip?: string; path?: string } = {}) {
  const call = request(app)
    .post(options.path ?? (options.lang ? verifyDocumentAction(options.lang) : VERIFY_DOCUMENT_PATH))
    .set('X-Forwarded-For', options.ip ?? freshIp())
  return file ? call.attach('file', file, { filename: options.name ?? 'ticket.pdf', contentType: 'application/pdf' }) : call.field('note', 'no file')
}

/** A PDF the site signs as it signs an e-ticket. */
async function signedByUs(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  pdf.addPage([300, 300]).drawText('E-ticket 42', { x: 40, y: 150, size: 18 })
  return Buffer.from(await platform.documents.sign(pdf))
}

const heading = (html: string) => /<h1 id="result-title">([^<]*)<\/h1>/.exec(html)?.[1]

describe('POST /api/verify/document (the PDF check without JavaScript)', () => {
  it('when a PDF the site signed is sent, then a page says it is signed by the brand and unchanged since, with the time, in the form’s language', async () => {
    const file = await signedByUs()
    const response = await post(file, { lang: 'zh-cn' }).expect(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.text).toContain('<html lang="zh-Hans">')
    expect(heading(response.text)).toBe(fill(zh.document.signature.intact.title, { brand }))
    expect(response.text).toContain(zh.document.signature.signedAt)
    expect(response.text).toContain('ticket.pdf')
    // The same answer as the script's path.
    const json = await request(app).post(VERIFY_FILE_PATH).set('X-Forwarded-For', freshIp()).attach('file', file, 'ticket.pdf').expect(200)
    expect(json.body.data.signature.state).toBe('intact')
    // The answer repeats the form, for another file, in the same language; and no script.
    expect(response.text).toContain(`action="${verifyDocumentAction('zh-cn')}"`)
    expect(response.text).not.toMatch(/<script/i)
  })

  it('when the signed file was changed after signing, or signed by another certificate in our very name, then the page says so', async () => {
    const file = await signedByUs()
    const changed = Buffer.from(file)
    changed[10] = (changed[10] as number) ^ 0x01
    expect(heading((await post(changed).expect(200)).text)).toBe(fill(en.document.signature.changed.title, { brand }))
    const appended = Buffer.concat([file, Buffer.from('\n99 0 obj\n<< /Edited true >>\nendobj\n%%EOF\n')])
    const page = (await post(appended).expect(200)).text
    expect(heading(page)).toBe(fill(en.document.signature.changed.title, { brand }))
    expect(page).toContain(en.document.signature.changed.why)

    const other = await PDFDocument.create()
    other.addPage([200, 200])
    const foreign = Buffer.from(await testPdfSigner(brand).sign(other))
    const answer = (await post(foreign).expect(200)).text
    expect(heading(answer)).toBe(fill(en.document.signature.foreign.title, { brand }))
    expect(answer).toContain(en.document.signature.foreign.why)
    expect(answer).toContain(en.report.title)
  })

  it('when an unsigned PDF is sent, then the register answers: official with its facts, or unknown with the warnings', async () => {
    const official = (await post(fixture('official-agreement.pdf')).expect(200)).text
    expect(heading(official)).toBe(en.document.official.title)
    expect(official).toContain('Exhibitor Agreement – Singapore 2026')
    expect(official).toContain('Example Brokerage Ltd')
    const unknown = (await post(fixture('unknown-agreement.pdf')).expect(200)).text
    expect(heading(unknown)).toBe(en.document.unofficial.title)
    expect(unknown).toContain(fill(en.document.unofficial.text, { brand }))
    expect(unknown).toContain(en.scam.moveChat)
    const revoked = (await post(fixture('revoked-invoice.pdf')).expect(200)).text
    expect(revoked).toContain('2025')
  })

  it('when the file name carries markup, then it is shown as text, never as markup', async () => {
    const response = await post(fixture('unknown-agreement.pdf'), { name: "<img src=x onerror=alert(1)>'王小明'.pdf" }).expect(200)
    expect(response.text).not.toContain('<img src=x')
    expect(response.text).toContain('&lt;img src=x onerror=alert(1)&gt;&#39;王小明&#39;.pdf')
  })

  it('when the file is not a PDF, is empty, is missing, or its signature is cut off, then a translated 4xx page, never a 500', async () => {
    const png = await post(fixture('image-renamed.pdf'), { lang: 'zh-cn' }).expect(415)
    expect(png.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(png.text).toContain(zh.errors.fileType)
    expect(heading(png.text)).toBe(zhPage.failedTitle)
    expect((await post(Buffer.alloc(0)).expect(400)).text).toContain(en.errors.emptyFile)
    expect((await post(null).expect(400)).text).toContain(en.errors.noFile)
    const signed = await signedByUs()
    const truncated = signed.subarray(0, signed.length - 200)
    expect((await post(truncated, { lang: 'zh-cn' }).expect(400)).text).toContain(zh.errors.unreadable)
  })

  it('when the file is larger than the limit, then 413 with the limit in words', async () => {
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(platform.config.UPLOAD_MAX_MB * 1024 * 1024 + 1, 0x20)])
    const response = await post(huge).expect(413)
    expect(response.text).toContain(fill(en.errors.fileTooLarge, { maxMb: platform.config.UPLOAD_MAX_MB }))
  })

  it('when one address sends more than the limit, shared with the script’s path, then 429 with Retry-After, in words', async () => {
    const ip = freshIp()
    for (let index = 0; index < 5; index += 1)
      await request(app).post(VERIFY_FILE_PATH).set('X-Forwarded-For', ip).attach('file', fixture('unknown-agreement.pdf'), 'a.pdf').expect(200)
    for (let index = 0; index < 5; index += 1) await post(fixture('unknown-agreement.pdf'), { ip }).expect(200)
    const limited = await post(fixture('unknown-agreement.pdf'), { ip, lang: 'zh-cn' }).expect(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.text).toContain(zhCommon.errors.rateLimited.split('{{')[0])
  })

  it('when the language in the address is not one of ours, or another method is used, then English, and 405 with Allow: POST', async () => {
    const odd = await post(fixture('unknown-agreement.pdf'), { path: `${VERIFY_DOCUMENT_PATH}?lang=%3Cscript%3E` }).expect(200)
    expect(odd.text).toContain('<html lang="en">')
    const get = await request(app).get(VERIFY_DOCUMENT_PATH).expect(405)
    expect(get.headers.allow).toBe('POST')
    expect(get.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it('when the page’s stylesheet is asked for, then it is served from this origin, cached for good', async () => {
    const page = (await post(fixture('unknown-agreement.pdf')).expect(200)).text
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1] ?? ''
    expect(href).toMatch(/^\/api\/verify\/assets\/document\.[0-9a-f]{12}\.css$/)
    const css = await request(app).get(href).expect(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['cache-control']).toContain('immutable')
  })
})
