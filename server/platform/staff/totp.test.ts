import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, otpauthUri, stepAt, totpAt } from './totp.ts'

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the length of each hash.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
}
const VECTORS: Array<[number, string, keyof typeof SEEDS]> = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1111111109, '07081804', 'sha1'],
  [1111111109, '68084774', 'sha256'],
  [1111111109, '25091201', 'sha512'],
  [1111111111, '14050471', 'sha1'],
  [1111111111, '67062674', 'sha256'],
  [1111111111, '99943326', 'sha512'],
  [1234567890, '89005924', 'sha1'],
  [1234567890, '91819424', 'sha256'],
  [1234567890, '93441116', 'sha512'],
  [2000000000, '69279037', 'sha1'],
  [2000000000, '90698825', 'sha256'],
  [2000000000, '38618901', 'sha512'],
  [20000000000, '65353130', 'sha1'],
  [20000000000, '77737706', 'sha256'],
  [20000000000, '47863826', 'sha512'],
]

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('when the time is %i s, then the 8-digit code is %s (%s)', (seconds, code, algorithm) => {
    expect(hotp(SEEDS[algorithm], stepAt(seconds * 1000), { digits: 8, algorithm })).toBe(code)
  })

  it('when the RFC seed is used as an app would (base32, 6 digits), then the codes are the last six digits of the vectors', () => {
    const secret = base32Encode(SEEDS.sha1)
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(totpAt(secret, 59_000)).toBe('287082')
    expect(totpAt(secret, 1111111109_000)).toBe('081804')
  })

  it('when a code is one step early or late, then it matches its step; two steps off it does not', () => {
    const secret = base32Encode(SEEDS.sha1)
    const now = 1_234_567_890_000
    const step = stepAt(now)
    expect(matchingStep(secret, totpAt(secret, now), now)).toBe(step)
    expect(matchingStep(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1)
    expect(matchingStep(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1)
    expect(matchingStep(secret, totpAt(secret, now - 60_000), now)).toBeNull()
    expect(matchingStep(secret, totpAt(secret, now + 60_000), now)).toBeNull()
    expect(matchingStep(secret, '12345', now)).toBeNull()
    expect(matchingStep(secret, 'abcdef', now)).toBeNull()
  })

  it('when a secret is made, then it is 160 bits of base32 that decodes back', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Encode(base32Decode(secret))).toBe(secret)
  })

  it('when the URI is made, then it names the issuer, the account and the parameters apps expect', () => {
    const uri = otpauthUri('GEZDGNBV', 'owner@example.com', 'Expo Console')
    expect(uri).toBe('otpauth://totp/Expo%20Console:owner%40example.com?secret=GEZDGNBV&issuer=Expo+Console&algorithm=SHA1&digits=6&period=30')
  })
})
