/**
 * The door's own check of a ticket code, offline (docs/product.md#checkin), in WebCrypto so the
 * check-in screen runs it in the browser. server/platform/tickets/e-tickets.ts makes the codes:
 * `ET1.<kid>.<payload>.<signature>`, base64url without padding, the payload the ticket id (16 bytes)
 * and the exhibition id (4 bytes, big-endian), the Ed25519 signature over everything before the last
 * dot. The same exact shape the server demands, so a code the door lets in is one the server accepts.
 */
const CODE_SHAPE = /^ET1\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{86})$/

export interface DoorKey {
  kid: string
  x: string
}

export interface SignedTicket {
  ticketId: string
  exhibitionId: number
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Decoded only when it encodes back to the same text: unused low bits would spell one ticket many ways. */
function canonical(text: string): Uint8Array<ArrayBuffer> | null {
  const bytes = fromBase64Url(text)
  return toBase64Url(bytes) === text ? bytes : null
}

const keys = new Map<string, Promise<CryptoKey>>()
function importKey(key: DoorKey): Promise<CryptoKey> {
  let imported = keys.get(key.x)
  if (!imported) {
    imported = crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: key.x }, { name: 'Ed25519' }, false, ['verify'])
    keys.set(key.x, imported)
  }
  return imported
}

/** The ticket a code names when the list's key signed it; null for anything else (forged, altered, another key). */
export async function verifyTicketCode(code: string, key: DoorKey): Promise<SignedTicket | null> {
  const parts = CODE_SHAPE.exec(code.trim())
  if (!parts || parts[1] !== key.kid) return null
  const [, kid = '', body = '', signed = ''] = parts
  const payload = canonical(body)
  const signature = canonical(signed)
  if (!payload || !signature) return null
  const message = new TextEncoder().encode(`ET1.${kid}.${body}`)
  const valid = await crypto.subtle.verify({ name: 'Ed25519' }, await importKey(key), signature, message).catch(() => false)
  if (!valid) return null
  const hex = Array.from(payload.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return {
    ticketId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    exhibitionId: new DataView(payload.buffer, payload.byteOffset + 16, 4).getUint32(0),
  }
}
