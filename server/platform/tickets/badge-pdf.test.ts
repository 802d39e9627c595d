import { execFileSync } from 'node:child_process'
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { BADGE_ROLES, type BadgeStock } from '../../../shared/rules/badges.ts'
import { displayName } from '../../../shared/rules/names.ts'
import { type Badge, type BadgeSheet, badgePdf, oneBadgePdf } from './badge-pdf.ts'
import { createTicketSigner } from './e-tickets.ts'
import { readPdfSignature } from '../kit/pdf-signature.ts'
import { testPdfSigner } from '../../../test/setup/pdf-signer.ts'

const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
const pdfSigner = testPdfSigner('Aurum Expo')
const folder = mkdtempSync(join(tmpdir(), 'badges-'))
afterAll(() => (process.env.KEEP_BADGES ? undefined : rmSync(folder, { recursive: true, force: true })))

const sheet = (stock: BadgeStock): BadgeSheet => ({
  stock,
  brand: 'Aurum Expo',
  exhibition: 'Bangkok Fintech Expo',
  dates: '26–27 Jan 2027',
  roleWord: (role) => ({ visitor: 'Visitor', exhibitor: 'Exhibitor', speaker: 'Speaker', press: 'Press', staff: 'Staff', vip: 'VIP' })[role],
  lang: 'en',
})

/** Names in the scripts the issue names, as the attendee form takes them (given, family), with the company and position they gave. */
const PEOPLE = [
  { first: '小明', last: '王', shown: '王小明', company: '汇达证券有限公司', position: '交易主管' },
  { first: '太郎', last: '山田', shown: '山田太郎', company: '株式会社サンプル', position: '営業部長' },
  { first: 'สมชาย', last: 'ใจดี', shown: 'สมชาย ใจดี', company: 'บริษัทหลักทรัพย์สยาม', position: 'ผู้จัดการ' },
  { first: 'Иван', last: 'Петров', shown: 'Иван Петров', company: 'ООО «Северный брокер»', position: 'Трейдер' },
  { first: 'Văn An', last: 'Nguyễn', shown: displayName({ first: 'Văn An', last: 'Nguyễn' }), company: null, position: null },
]

const file = (name: string, bytes: Uint8Array) => {
  const path = join(folder, name)
  writeFileSync(path, bytes)
  return path
}
const text = (path: string, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', path, '-'], { encoding: 'utf8' })
/** The QR codes zbarimg reads off one page rendered at 300 dpi. */
function codesOn(path: string, page: number): string[] {
  const prefix = join(folder, `page-${randomUUID().slice(0, 8)}`)
  execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-f', String(page), '-l', String(page), path, prefix])
  const image = readdirSync(folder).find((name) => join(folder, name).startsWith(prefix)) as string
  const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', join(folder, image)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return out.trim().split('\n').filter(Boolean)
}
const pageSizes = (path: string) =>
  [...execFileSync('pdfinfo', ['-f', '1', '-l', '999', path], { encoding: 'utf8' }).matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map(
    ([, width, height]) => [Math.round(((Number(width) * 25.4) / 72) * 10) / 10, Math.round(((Number(height) * 25.4) / 72) * 10) / 10],
  )

describe('the badge PDF', () => {
  for (const stock of ['a6', 'cr80'] as const) {
    it(`when badges are drawn on ${stock}, then each name, company and position is there in its own order and script, and each QR reads back as its ticket's code`, async () => {
      const badges: Badge[] = PEOPLE.map((person, index) => ({
        name: displayName(person),
        company: person.company,
        position: person.position,
        country: index === 3 ? 'Россия' : 'Thailand',
        role: BADGE_ROLES[index % BADGE_ROLES.length] ?? 'visitor',
        code: signer.sign(randomUUID(), 7),
      }))
      const parts: Uint8Array[] = []
      for await (const part of badgePdf(sheet(stock), badges, pdfSigner)) parts.push(part)
      const path = file(`${stock}.pdf`, Buffer.concat(parts))
      expect((await PDFDocument.load(Buffer.concat(parts))).getPageCount()).toBe(PEOPLE.length)
      const expected = stock === 'a6' ? [105, 148] : [85.6, 54]
      expect(pageSizes(path)).toEqual(PEOPLE.map(() => expected))
      for (const [index, person] of PEOPLE.entries()) {
        const page = text(path, index + 1).replace(/\s+/g, ' ')
        expect(page, person.shown).toContain(person.shown)
        if (person.company) expect(page, person.shown).toContain(person.company)
        if (person.position) expect(page, person.shown).toContain(person.position)
        expect(page).toContain(
          sheet(stock)
            .roleWord(badges[index]?.role ?? 'visitor')
            .toUpperCase(),
        )
        expect(codesOn(path, index + 1), person.shown).toEqual([badges[index]?.code])
      }
      expect(text(path, 4)).toContain('Россия')
    }, 60_000)
  }

  it("when a badge is drawn for each role, then its band carries the role's word", async () => {
    const parts: Uint8Array[] = []
    const badges = BADGE_ROLES.map((role) => ({ name: 'Grace Hopper', company: null, position: null, country: null, role, code: signer.sign(randomUUID(), 3) }))
    for await (const part of badgePdf(sheet('cr80'), badges, pdfSigner)) parts.push(part)
    const path = file('roles.pdf', Buffer.concat(parts))
    for (const [index, role] of BADGE_ROLES.entries()) expect(text(path, index + 1), role).toContain(sheet('cr80').roleWord(role).toUpperCase())
  }, 30_000)

  it('when one badge is asked for, then it is one valid page with the Vietnamese name given name first, as the name rule writes it', async () => {
    const bytes = await oneBadgePdf(
      sheet('a6'),
      {
        name: 'Văn An Nguyễn',
        company: null,
        position: null,
        country: 'Việt Nam',
        role: 'press',
        code: signer.sign(randomUUID(), 3),
      },
      pdfSigner,
    )
    const path = file('one.pdf', bytes)
    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/)
    expect(text(path)).toContain('Văn An Nguyễn')
    expect(text(path)).toContain('PRESS')
  }, 30_000)

  it("when a sheet of many badges streams out, then it carries the organiser's signature over the whole file, valid for our reader, pdfsig and OpenSSL", async () => {
    const badges = Array.from({ length: 70 }, (_, index) => ({
      name: index % 2 ? '王小明' : 'Grace Hopper',
      company: 'Aurum (Asia) Ltd',
      position: null,
      country: null,
      role: 'visitor' as const,
      code: signer.sign(randomUUID(), 3),
    }))
    const parts: Uint8Array[] = []
    for await (const part of badgePdf(sheet('cr80'), badges, pdfSigner)) parts.push(part)
    const bytes = Buffer.concat(parts)
    const reading = readPdfSignature(bytes)
    expect(reading).toMatchObject({ signed: true, fingerprint: pdfSigner.fingerprint, valid: true, appended: false })
    const path = file('signed-sheet.pdf', bytes)
    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Pages:\s+70\n/)
    const report = execFileSync('pdfsig', [path], { encoding: 'utf8' })
    expect(report).toContain('Signer Certificate Common Name: Aurum Expo')
    expect(report).toContain('Signature Type: adbe.pkcs7.detached')
    expect(report).toContain('Total document signed')
    expect(report).toContain('Signature Validation: Signature is Valid.')

    const range = (/\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(bytes.toString('latin1')) ?? []).slice(1).map(Number)
    const [, length, next, rest] = range as [number, number, number, number]
    expect(next + rest).toBe(bytes.length)
    writeFileSync(join(folder, 'sheet-content.bin'), Buffer.concat([bytes.subarray(0, length), bytes.subarray(next)]))
    writeFileSync(join(folder, 'sheet-signature.der'), Buffer.from(bytes.subarray(length + 1, next - 1).toString('latin1'), 'hex'))
    execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', join(folder, 'sheet-signature.der'), '-print_certs', '-out', join(folder, 'sheet-cert.pem')])
    // Throws, failing the test, when OpenSSL refuses the signature; the certificate's dates are not checked (it is the test's own).
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(folder, 'sheet-signature.der'),
        '-content',
        join(folder, 'sheet-content.bin'),
        '-noverify',
        '-out',
        '/dev/null',
      ],
      { stdio: 'pipe' },
    )

    // One byte of a page changed (the text is glyph ids, not searchable): no longer valid.
    const edited = Buffer.from(bytes)
    const at = Math.floor(length / 2)
    edited[at] = ((edited[at] as number) + 1) % 256
    expect(readPdfSignature(edited)).toMatchObject({ signed: true, valid: false })
  }, 60_000)
})
