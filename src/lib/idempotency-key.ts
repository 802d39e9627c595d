/**
 * Idempotency keys of the forms that create something (an order, an application): a retry after a
 * timeout or a second click sends the same key, so the platform makes the thing once; changed
 * answers are another submission and get a new key.
 */

/** A random UUID v4, also where crypto.randomUUID is missing (pages served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export interface Attempt {
  key: string
  /** The answers the key was made for, as JSON. */
  answers: string
}

/** The attempt that sends these answers: the previous one while they are the same, else a new key. */
export function attemptFor(previous: Attempt | null, answers: unknown): Attempt {
  const text = JSON.stringify(answers)
  return previous?.answers === text ? previous : { key: newIdempotencyKey(), answers: text }
}
