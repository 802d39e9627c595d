import { createHash, sign } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { zipSync } from 'fflate'
import forge from 'node-forge'
import sharp from 'sharp'
import type { Locale } from '../../../shared/languages.ts'
import type { AppleWallet, GoogleWallet } from '../kit/wallet-credentials.ts'
import type { Translate } from '../kit/strings.ts'
import { formatDateRange, htmlLangOf, locationLine } from './format.ts'

/**
 * A ticket in the phone's wallet (docs/product.md#wallet-passes, docs/decisions/0017-wallet-passes.md):
 * an Apple Wallet `.pkpass` and a Google Wallet "save" link, both carrying the ticket's signed code as
 * their QR, exactly as the e-ticket's, so the door scans them alike.
 */
export interface WalletTicket {
  t: Translate
  locale: Locale
  brand: string
  orderNumber: string
  exhibition: { title: string; venueName: string; address: string; city: string; startsAt: Date; endsAt: Date; timeZone: string }
  ticket: { id: string; position: number; holder: string; ticketName: string; code: string }
}

/** The brand's navy and gold (the QR's dark colour and the mark's gold). */
const COLOURS = { background: 'rgb(11, 31, 58)', foreground: 'rgb(255, 255, 255)', label: 'rgb(224, 188, 74)' }
/** The brand's mark, which an organiser going live replaces (docs/going-live.md). */
const BRAND_SVG = new URL('../../../public/favicon.svg', import.meta.url)

/**
 * Apple's sizes in points (icon 29 × 29, logo at most 160 × 50), each also at twice the pixels. The
 * logo is the square mark alone: the brand's name beside it is pass.json's logoText, which the phone
 * draws in its own font (no font of ours is needed for any script).
 */
async function drawImages(): Promise<Record<string, Uint8Array>> {
  const svg = await readFile(BRAND_SVG)
  const draw = (side: number) =>
    sharp(svg, { density: 72 * 8 })
      .resize(side, side)
      .png()
      .toBuffer()
  const [icon1, icon2, logo1, logo2] = await Promise.all([draw(29), draw(58), draw(50), draw(100)])
  return { 'icon.png': icon1, 'icon@2x.png': icon2, 'logo.png': logo1, 'logo@2x.png': logo2 }
}

let images: Promise<Record<string, Uint8Array>> | undefined
/** Drawn once per process: the mark does not change while the site runs. */
function passImages(): Promise<Record<string, Uint8Array>> {
  if (!images) {
    images = drawImages()
    // A failed drawing (the file being replaced) is tried again by the next pass, not kept.
    images.catch(() => {
      images = undefined
    })
  }
  return images
}

/** The file's name, as the PDF's (ticket-pdf.ts `ticketPdfName`). */
export function applePassName(orderNumber: string, position: number): string {
  return `e-ticket-${orderNumber}-${position}.pkpass`
}

/** pass.json of an event ticket: the holder and ticket type in front, the dates at the venue, the order on the back. */
export function passJson(input: WalletTicket, apple: Pick<AppleWallet, 'passTypeId' | 'teamId'>): Record<string, unknown> {
  const { t, exhibition, ticket } = input
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: ticket.id,
    organizationName: input.brand,
    description: `${input.brand} — ${exhibition.title}`,
    logoText: input.brand,
    backgroundColor: COLOURS.background,
    foregroundColor: COLOURS.foreground,
    labelColor: COLOURS.label,
    // On the lock screen as the day comes, and shown as expired after the exhibition.
    relevantDate: exhibition.startsAt.toISOString(),
    expirationDate: exhibition.endsAt.toISOString(),
    eventTicket: {
      primaryFields: [{ key: 'event', label: t('wallet.event'), value: exhibition.title }],
      secondaryFields: [
        { key: 'holder', label: t('ticketMail.holder'), value: ticket.holder },
        { key: 'ticket', label: t('ticketMail.ticket'), value: ticket.ticketName },
      ],
      auxiliaryFields: [
        { key: 'when', label: t('mail.when'), value: formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, input.locale) },
      ],
      backFields: [
        { key: 'where', label: t('mail.where'), value: locationLine(exhibition) },
        { key: 'order', label: t('order.number'), value: `${input.orderNumber} · ${ticket.position}` },
        { key: 'personal', label: input.brand, value: t('success.show') },
      ],
    },
    barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.code, messageEncoding: 'iso-8859-1', altText: `${input.orderNumber} · ${ticket.position}` }],
  }
}

/**
 * The detached PKCS#7 SignedData over manifest.json that Apple's `signpass` makes: SHA-256, the
 * content type, signing time and message digest signed, the pass certificate and the WWDR
 * intermediate carried.
 */
export function passSignature(manifest: Uint8Array, apple: Pick<AppleWallet, 'identity' | 'wwdr'>, signingTime: Date): Uint8Array {
  const p7 = forge.pkcs7.createSignedData()
  p7.content = forge.util.createBuffer(Buffer.from(manifest).toString('binary'))
  p7.addCertificate(apple.identity.certificate)
  p7.addCertificate(apple.wwdr)
  const key = forge.pki.privateKeyFromPem(apple.identity.key.export({ type: 'pkcs1', format: 'pem' }).toString())
  p7.addSigner({
    key,
    certificate: apple.identity.certificate,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest as string },
      // forge's types say string; it takes the Date and writes UTCTime (GeneralizedTime from 2050).
      { type: forge.pki.oids.signingTime as string, value: signingTime as unknown as string },
    ],
  })
  p7.sign({ detached: true })
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary')
}

/** The `.pkpass`: a zip of pass.json, the images, manifest.json (each file's SHA-1) and the signature. */
export async function applePass(input: WalletTicket, apple: AppleWallet, now: Date): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {
    'pass.json': Buffer.from(JSON.stringify(passJson(input, apple))),
    ...(await passImages()),
  }
  const manifest = Buffer.from(
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, createHash('sha1').update(bytes).digest('hex')]))),
  )
  // Stored, not deflated: the PNGs are compressed already and the rest is a few hundred bytes.
  return zipSync({ ...files, 'manifest.json': manifest, signature: passSignature(manifest, apple, now) }, { level: 0 })
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/**
 * The "save to Google Wallet" link: a JWT that carries the event ticket object itself, signed RS256
 * with the service account's key, so no call to Google's API is needed to make it.
 */
export function googleSaveUrl(input: WalletTicket, google: GoogleWallet, origin: string, now: Date): string {
  const { exhibition, ticket } = input
  const header = { alg: 'RS256', typ: 'JWT' }
  const claims = {
    iss: google.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [origin],
    payload: {
      eventTicketObjects: [
        {
          id: `${google.issuerId}.${ticket.id}`,
          classId: google.classId,
          state: 'ACTIVE',
          ticketHolderName: ticket.holder,
          ticketNumber: `${input.orderNumber} · ${ticket.position}`,
          ticketType: { defaultValue: { language: htmlLangOf(input.locale), value: ticket.ticketName } },
          barcode: { type: 'QR_CODE', value: ticket.code, alternateText: `${input.orderNumber} · ${ticket.position}` },
          validTimeInterval: { start: { date: exhibition.startsAt.toISOString() }, end: { date: exhibition.endsAt.toISOString() } },
        },
      ],
    },
  }
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`
  const signature = sign('sha256', Buffer.from(unsigned), google.key).toString('base64url')
  return `https://pay.google.com/gp/v/save/${unsigned}.${signature}`
}
