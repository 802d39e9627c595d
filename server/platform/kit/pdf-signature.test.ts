import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { testPdfSigner } from '../../../test/setup/pdf-signer.ts'
import { openP12, readPdfSignature, selfSignedP12, UnreadableSignature } from './pdf-signature.ts'

/** The organiser's PDF signature as other tools read it (docs/product.md#document-signatures). */

const BRAND = 'Aurum Expo'
/** Inside the test certificate's validity (test/setup/pdf-signer.ts), so that OpenSSL's check does not depend on today. */
const CERTIFIED_AT = Date.UTC(2027, 0, 10, 9) / 1000
const signer = testPdfSigner(BRAND)
const folder = mkdtempSync(join(tmpdir(), 'pdf-signature-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function signedPdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(text)
  pdf.addPage([300, 300]).drawText(text, { x: 40, y: 150, size: 18 })
  return Buffer.from(await signer.sign(pdf))
}

const byteRangeOf = (file: Buffer) => (/\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(file.toString('latin1')) ?? []).slice(1).map(Number)

describe('a signed PDF', () => {
  it('when poppler reads it, then its text and page are intact and pdfsig finds our valid signature over the whole file', async () => {
    const path = join(folder, 'signed.pdf')
    writeFileSync(path, await signedPdf('Ticket 42'))
    expect(execFileSync('pdftotext', [path, '-']).toString()).toContain('Ticket 42')
    execFileSync('pdftoppm', ['-r', '30', '-png', '-singlefile', path, join(folder, 'page')])
    expect(readFileSync(join(folder, 'page.png')).subarray(1, 4).toString()).toBe('PNG')
    const report = execFileSync('pdfsig', [path]).toString()
    expect(report).toContain(`Signer Certificate Common Name: ${BRAND}`)
    expect(report).toContain('Signature Type: adbe.pkcs7.detached')
    expect(report).toContain('Total document signed')
    expect(report).toContain('Signature Validation: Signature is Valid.')
  })

  it('when OpenSSL verifies the PKCS#7 blob over the ByteRange bytes against our certificate, then it holds', async () => {
    const file = await signedPdf('Invoice INV-2027-0001')
    const [start, length, next, rest] = byteRangeOf(file) as [number, number, number, number]
    expect(start).toBe(0)
    expect(next + rest).toBe(file.length)
    writeFileSync(join(folder, 'content.bin'), Buffer.concat([file.subarray(0, length), file.subarray(next, next + rest)]))
    const hex = file.subarray(length + 1, next - 1).toString('latin1')
    writeFileSync(join(folder, 'signature.der'), Buffer.from(hex, 'hex'))
    // The certificate as the signature carries it, to trust it alone.
    execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', join(folder, 'signature.der'), '-print_certs', '-out', join(folder, 'cert.pem')])
    // execFileSync throws, failing the test, when OpenSSL refuses the signature.
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(folder, 'signature.der'),
        '-content',
        join(folder, 'content.bin'),
        '-CAfile',
        join(folder, 'cert.pem'),
        '-purpose',
        'any',
        '-attime',
        String(CERTIFIED_AT),
        '-out',
        '/dev/null',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const reading = readPdfSignature(file)
    expect(reading).toMatchObject({ signed: true, valid: true, appended: false })
  })

  it('when any byte of the signed ranges changes, then the signature is no longer valid', async () => {
    const file = await signedPdf('Ticket 7')
    const [, length, next] = byteRangeOf(file) as [number, number, number, number]
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: file.length - 1 }).filter((at) => at < length || at >= next),
        fc.integer({ min: 1, max: 255 }),
        (at, flip) => {
          const changed = Buffer.from(file)
          changed[at] = (changed[at] as number) ^ flip
          let reading: ReturnType<typeof readPdfSignature>
          try {
            reading = readPdfSignature(changed)
          } catch (error) {
            // A change that hits the ByteRange's own digits makes it unreadable: also not valid.
            expect(error).toBeInstanceOf(UnreadableSignature)
            return
          }
          expect(reading.signed && reading.valid).toBe(false)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('when the signature blob is damaged anywhere, then it reads or is unreadable, never another error (the upload answers 400, not 500)', async () => {
    const file = await signedPdf('Ticket 8')
    const [, length, next] = byteRangeOf(file) as [number, number, number, number]
    const blobLength = (next - length - 2) / 2
    fc.assert(
      fc.property(fc.integer({ min: 0, max: blobLength - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const changed = Buffer.from(file)
        const position = length + 1 + at * 2
        const byte = Number.parseInt(changed.subarray(position, position + 2).toString('latin1'), 16) ^ flip
        changed.write(byte.toString(16).padStart(2, '0'), position, 'latin1')
        try {
          // Unsigned parts of the blob (versions, the padding after it) may change without harm: no assertion on validity here.
          expect(readPdfSignature(changed).signed).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(UnreadableSignature)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('when a file is signed, then its signing time is the injected clock, to the second', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-12T09:30:00.750Z') })
    try {
      const reading = readPdfSignature(await signedPdf('Ticket 9'))
      expect(reading).toMatchObject({ signed: true, valid: true, signedAt: new Date('2027-01-12T09:30:00Z') })
    } finally {
      vi.useRealTimers()
    }
  })

  it('when a PDF has no signature, then it reads as not signed', async () => {
    const pdf = await PDFDocument.create()
    pdf.addPage()
    expect(readPdfSignature(Buffer.from(await pdf.save()))).toEqual({ signed: false })
  })
})

describe('the signing key', () => {
  it('when a PKCS#12 file is opened with the wrong passphrase, or is no PKCS#12 at all, then the error says so', () => {
    const p12 = selfSignedP12(BRAND, new Date('2027-01-10T08:00:00Z'))
    expect(openP12(p12, '').subject).toContain(`CN=${BRAND}`)
    expect(() => openP12(p12, 'wrong')).toThrow('not a PKCS#12 file this passphrase opens')
    expect(() => openP12(Buffer.from('not a key'), '')).toThrow('not a PKCS#12 file this passphrase opens')
  })
})
