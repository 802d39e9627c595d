import { createHmac } from 'node:crypto'

/**
 * The codes an authenticator app would show (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps), for
 * browser tests that sign staff in. Independent of the server's implementation on purpose.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const STEP_MS = 30_000

function base32(secret: string): Buffer {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const character of secret.toUpperCase().replace(/[\s=]/g, '')) {
    value = (value << 5) | ALPHABET.indexOf(character)
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', base32(secret)).update(counter).digest()
  const offset = (digest[digest.length - 1] as number) & 0x0f
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/**
 * How long a code must stay good after it is made: filling the form and the server's password check
 * take seconds on a loaded machine, and a code accepted only until the current step ends (the one
 * before it) was refused when the request came in after the boundary.
 */
const MIN_LIFE_MS = 20_000

/**
 * A fresh code for each sign-in, never a wait for the clock: the server refuses a step it has
 * accepted before (replay) and takes one step of drift either way, so at any moment the steps
 * now - 1, now and now + 1 are good. Codes go out in step order, each the earliest unused step that
 * stays good long enough. A fourth code within one half-minute would have to wait for the next step:
 * it is an error instead, and such a test signs in as another member (or has a session made for it).
 */
export function authenticator(secret: string, clock: () => number = Date.now) {
  let lastStep = -1
  return function nextCode(): string {
    const moment = clock()
    const now = Math.floor(moment / STEP_MS)
    let step = Math.max(now - 1, lastStep + 1)
    if (step === now - 1 && (now + 1) * STEP_MS - moment < MIN_LIFE_MS) step = now
    if (step > now + 1)
      throw new Error(`every code good at this moment has been used (the next is good in ${(step - 1) * STEP_MS - moment} ms); sign in as another member`)
    lastStep = step
    return codeAt(secret, step)
  }
}
