import { createHmac, randomBytes } from 'node:crypto'

/**
 * Time-based one-time passwords as authenticator apps make them: RFC 6238 over RFC 4226 HOTP, with
 * HMAC-SHA-1, 6 digits and 30-second steps (the parameters every app assumes when the URI names
 * none), and one step of drift either way.
 */
export const TOTP = { digits: 6, stepSeconds: 30, window: 1, secretBytes: 20 } as const

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding: how authenticator apps take a secret typed by hand. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let output = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      output += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) output += ALPHABET[(value << (5 - bits)) & 31]
  return output
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '')
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const character of clean) {
    const index = ALPHABET.indexOf(character)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** A new secret of 160 bits (RFC 4226 section 4 recommends that length for SHA-1), as base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP.secretBytes))
}

/** The time step of a moment (RFC 6238 T = floor(unix time / 30)). */
export function stepAt(milliseconds: number): number {
  return Math.floor(milliseconds / 1000 / TOTP.stepSeconds)
}

/** RFC 4226 HOTP of a counter, with the hash RFC 6238 allows (SHA-1 for the apps; SHA-256/512 for its test vectors). */
export function hotp(key: Buffer, counter: number, options: { digits?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {}): string {
  const digits = options.digits ?? TOTP.digits
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac(options.algorithm ?? 'sha1', key)
    .update(message)
    .digest()
  const offset = (digest[digest.length - 1] as number) & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The code an app shows at this moment. */
export function totpAt(secret: string, milliseconds: number): string {
  return hotp(base32Decode(secret), stepAt(milliseconds))
}

/**
 * The step whose code this is, within one step of `milliseconds`, or null. The caller refuses a step
 * it has already accepted (replay), so the newest matching step is returned.
 */
export function matchingStep(secret: string, code: string, milliseconds: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const key = base32Decode(secret)
  const now = stepAt(milliseconds)
  for (let step = now + TOTP.window; step >= now - TOTP.window; step--) {
    if (timingSafeEqualText(hotp(key, step), code)) return step
  }
  return null
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format of Google Authenticator). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP.digits), period: String(TOTP.stepSeconds) })
  return `otpauth://totp/${label}?${query.toString()}`
}
