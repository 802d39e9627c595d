import { describe, expect, it } from 'vitest'
import { createTokenSigner } from './tokens.ts'

const signer = createTokenSigner('a-test-secret-of-enough-length')
const token = signer.issue({ kind: 'user', userId: 'u1', sessionId: 's1' }).access_token

describe('access tokens', () => {
  it('when a token is issued, then it verifies as its principal', () => {
    expect(signer.verify(token)).toMatchObject({ ok: true, principal: { kind: 'user', userId: 'u1', sessionId: 's1' } })
  })

  it.each([
    ['a fourth part after the signature', `${token}.extra`],
    ['an empty fourth part', `${token}.`],
    ['characters glued to the signature', `${token}AAAA`],
    ['a character outside base64url after the signature', `${token}!`],
    ['a padding sign after the signature', `${token}=`],
    ['a space after it', `${token} `],
    ['a newline after it', `${token}\n`],
    ['a space before it', ` ${token}`],
    ['another version', token.replace(/^v1\./, 'v2.')],
  ])('when a token has %s, then it is refused', (_case, value) => {
    expect(signer.verify(value)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('when the signature is of another secret, or the claims were changed, then it is refused', () => {
    const other = createTokenSigner('another-secret-of-enough-length').issue({ kind: 'visitor', visitorId: 'v' }).access_token
    expect(signer.verify(other)).toEqual({ ok: false, reason: 'invalid' })
    const [version, body, signature] = token.split('.') as [string, string, string]
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), s: 'admin' })).toString('base64url')
    expect(signer.verify(`${version}.${forged}.${signature}`)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('when the token has expired, then it says so', () => {
    let now = Date.now()
    const clocked = createTokenSigner('a-test-secret-of-enough-length', () => now)
    const issued = clocked.issue({ kind: 'visitor', visitorId: 'v' }, 60).access_token
    now += 61_000
    expect(clocked.verify(issued)).toEqual({ ok: false, reason: 'expired' })
  })
})
