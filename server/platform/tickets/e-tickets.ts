import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto'
import QRCode from 'qrcode'
import type { Queryable } from '../../db/client.ts'
import { keepSecretOnce } from '../tokens.ts'

/**
 * E-tickets: the QR code carries `ET1.<kid>.<payload>.<signature>` where payload is the ticket id
 * (16 bytes) and the exhibition id (4 bytes, big-endian), base64url, and the signature is Ed25519
 * over everything before the last dot. A scanner verifies it offline with the public key published at
 * /api/tickets/public-key (kid names the key, so a new key can be introduced beside the old one).
 * The key pair is generated once and kept in platform_secrets, so every instance signs alike.
 */
export const TICKET_CODE_VERSION = 'ET1'
const SECRET_NAME = 'e-ticket-ed25519'
/** `ET1.<kid: 8>.<payload: 20 bytes = 27 characters>.<Ed25519 signature: 64 bytes = 86 characters>`, base64url without padding. */
const CODE_SHAPE = /^ET1\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{86})$/

export interface TicketSigner {
  readonly kid: string
  sign(ticketId: string, exhibitionId: number): string
  verify(code: string): { ticketId: string; exhibitionId: number } | null
  publicKey(): { kid: string; alg: 'EdDSA'; crv: 'Ed25519'; pem: string; jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; use: 'sig' } }
}

export async function loadTicketSigner(db: Queryable): Promise<TicketSigner> {
  const fresh = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const kept = await keepSecretOnce(db, SECRET_NAME, fresh)
  if (!kept) throw new Error('the e-ticket signing key could not be stored')
  return createTicketSigner(createPrivateKey(kept))
}

export function createTicketSigner(privateKey: KeyObject): TicketSigner {
  const publicKey = createPublicKey(privateKey)
  const spki = publicKey.export({ type: 'spki', format: 'der' })
  const kid = createHash('sha256').update(spki).digest('base64url').slice(0, 8)
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string }
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  return {
    kid,
    sign(ticketId, exhibitionId) {
      const id = Buffer.from(ticketId.replace(/-/g, ''), 'hex')
      if (id.length !== 16) throw new Error('ticket id must be a UUID')
      const payload = Buffer.alloc(20)
      id.copy(payload, 0)
      payload.writeUInt32BE(exhibitionId, 16)
      const message = `${TICKET_CODE_VERSION}.${kid}.${payload.toString('base64url')}`
      return `${message}.${sign(null, Buffer.from(message), privateKey).toString('base64url')}`
    },
    verify(code) {
      // The whole code's exact shape first (as tokens.ts does): Node's base64url decoding skips
      // characters it does not know ('!', '=') and the unused low bits of the last character, so a
      // loose check let one signed ticket be spelled many ways (and scanned as many tickets).
      const parts = CODE_SHAPE.exec(code)
      if (!parts || parts[1] !== kid) return null
      const [, , body = '', signed = ''] = parts
      const message = `${TICKET_CODE_VERSION}.${kid}.${body}`
      const signature = Buffer.from(signed, 'base64url')
      if (signature.toString('base64url') !== signed || !verify(null, Buffer.from(message), publicKey, signature)) return null
      const payload = Buffer.from(body, 'base64url')
      const hex = payload.subarray(0, 16).toString('hex')
      return {
        ticketId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
        exhibitionId: payload.readUInt32BE(16),
      }
    },
    publicKey: () => ({ kid, alg: 'EdDSA', crv: 'Ed25519', pem, jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, use: 'sig' } }),
  }
}

/** The QR code as an SVG data URL for pages (an <img>, so nothing in it runs or styles the page). */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0b1f3a', light: '#ffffff' } })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * QR codes as data URLs, each drawn once: a ticket's code never changes, and paid orders are read
 * again and again (the success page, "My orders", the payment check). Bounded, oldest out first.
 */
export function createQrDrawings(limit = 2000): (text: string) => Promise<string> {
  const drawn = new Map<string, Promise<string>>()
  return (text) => {
    const hit = drawn.get(text)
    if (hit) return hit
    const drawing = qrDataUrl(text)
    drawing.catch(() => drawn.delete(text))
    drawn.set(text, drawing)
    if (drawn.size > limit) drawn.delete(drawn.keys().next().value as string)
    return drawing
  }
}

/** The QR code as a PNG for e-mail attachments (mail clients rarely show SVG). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 480 })
}
