import { createHmac, timingSafeEqual } from 'node:crypto'
import { SIGNATURE_TOLERANCE_SECONDS } from '../../../shared/rules/lead-webhooks.ts'

/**
 * The `X-Expo-Signature` header (docs/product.md#lead-webhooks): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">`, the secret as the key. The time is inside what is signed, so a captured request replayed
 * later fails the receiver's tolerance.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** What a receiver does (the documented example, and the tests' receivers): any v1 matching, within the tolerance. */
export function verifySignature(secret: string, body: string, header: string, now: Date, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='))
  const t = Number(parts.find(([key]) => key === 't')?.[1])
  if (!Number.isSafeInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'))
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '')
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
}
