import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkWebhookAddress, type Resolver } from './webhook-address.ts'
import { nextAttemptAt } from './webhook-backoff.ts'
import { createSecretBox, newWebhookSecret } from './webhook-secret-box.ts'
import { signatureHeader, verifySignature } from './webhook-signature.ts'

/** The pieces of a CRM webhook's delivery (docs/product.md#lead-webhooks) that need no database. */

const MINUTE = 60_000
const at = new Date('2027-03-04T10:00:00Z')

describe('signature', () => {
  const secret = 'whsec_test'
  const body = '{"id":"e1","type":"lead.created"}'

  it('when a body is signed, then the header is t and the hex HMAC-SHA256 of "t.body", as a receiver computes it', () => {
    const header = signatureHeader(secret, body, at)
    const t = at.getTime() / 1000
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`)
    expect(verifySignature(secret, body, header, at)).toBe(true)
  })

  it('when the body, the secret or the time differ, or the header is old, then it does not verify', () => {
    const header = signatureHeader(secret, body, at)
    expect(verifySignature(secret, `${body} `, header, at)).toBe(false)
    expect(verifySignature('whsec_other', body, header, at)).toBe(false)
    expect(verifySignature(secret, body, header.replace(/t=\d+/, `t=${at.getTime() / 1000 + 1}`), at)).toBe(false)
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 301_000))).toBe(false)
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 299_000))).toBe(true)
    expect(verifySignature(secret, body, 'v1=abc', at)).toBe(false)
  })
})

describe('back-off', () => {
  it('when attempts keep failing, then waits double from a minute, at most 6 hours, and stop after 24 hours with a last try on the mark', () => {
    const waits: number[] = []
    let now = at
    let made = 1
    for (;;) {
      const next = nextAttemptAt(made, at, now)
      if (!next) break
      waits.push((next.getTime() - now.getTime()) / MINUTE)
      now = next
      made++
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 209])
    expect(now.getTime() - at.getTime()).toBe(24 * 60 * MINUTE)
    expect(made).toBe(13)
  })

  it('when a replay restarts the day, then the waits start again from its moment', () => {
    const replayed = new Date(at.getTime() + 30 * 60 * MINUTE)
    expect(nextAttemptAt(20, replayed, replayed)).toEqual(new Date(replayed.getTime() + 6 * 60 * MINUTE))
    expect(nextAttemptAt(20, at, replayed)).toBeNull()
  })
})

describe('where a webhook may point', () => {
  const resolvesTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  const check = (url: string, allowLoopback = false, resolve: Resolver = resolvesTo('93.184.216.34')) => checkWebhookAddress(url, { allowLoopback, resolve })
  const problem = async (url: string, allowLoopback = false, resolve?: Resolver) => {
    const result = await check(url, allowLoopback, resolve)
    return result.ok ? null : result.problem
  }

  it('when the URL is https to a public address, then it is called at that address', async () => {
    const result = await check('https://crm.example.com/hooks/expo?x=1')
    expect(result).toMatchObject({ ok: true, target: { address: '93.184.216.34', family: 4 } })
  })

  it('when the URL is plain http to the internet, then https is asked for, with or without the test setting', async () => {
    expect(await problem('http://crm.example.com/')).toBe('crm:errors.https')
    expect(await problem('http://crm.example.com/', true)).toBe('crm:errors.https')
  })

  it.each([
    'https://127.0.0.1/',
    'https://localhost/',
    'https://10.1.2.3/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[2002:7f00:1::]/',
    'https://224.0.0.1/',
  ])('when it points at %s, then it is refused as private', async (url) => {
    expect(await problem(url)).toBe('crm:errors.privateAddress')
  })

  it('when a name resolves to a private address (even one of several), then it is refused; no answer: unresolved', async () => {
    expect(await problem('https://evil.example.com/', false, resolvesTo('93.184.216.34', '10.0.0.7'))).toBe('crm:errors.privateAddress')
    expect(await problem('https://evil.example.com/', false, resolvesTo('::1'))).toBe('crm:errors.privateAddress')
    expect(await problem('https://nowhere.example.com/', false, resolvesTo())).toBe('crm:errors.unresolved')
    const failing: Resolver = async () => {
      throw new Error('ENOTFOUND')
    }
    expect(await problem('https://nowhere.example.com/', false, failing)).toBe('crm:errors.unresolved')
  })

  it('when the test setting is on, then loopback is allowed over http and https, and private networks are still refused', async () => {
    expect(await check('http://127.0.0.1:4567/hook', true)).toMatchObject({ ok: true, target: { address: '127.0.0.1' } })
    expect(await check('http://localhost:4567/hook', true)).toMatchObject({ ok: true, target: { address: '127.0.0.1' } })
    expect(await check('https://[::1]:4567/hook', true)).toMatchObject({ ok: true, target: { address: '::1', family: 6 } })
    expect(await problem('https://10.0.0.1/', true)).toBe('crm:errors.privateAddress')
    expect(await problem('https://evil.example.com/', true, resolvesTo('127.0.0.1', '10.0.0.1'))).toBe('crm:errors.privateAddress')
    expect(await problem('http://[::ffff:10.0.0.1]/', true)).toBe('crm:errors.https')
  })

  it('when it is no http(s) URL, then it is refused as a URL', async () => {
    expect(await problem('ftp://crm.example.com/')).toBe('crm:errors.url')
    expect(await problem('not a url')).toBe('crm:errors.url')
  })
})

describe('sealed secrets', () => {
  it('when a secret is sealed, then it opens with the key and the exhibitor it was sealed for, and no other', () => {
    const box = createSecretBox('k'.repeat(40))
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/)
    const sealed = box.seal(secret, 7)
    expect(sealed).not.toContain(secret.slice(6))
    expect(box.open(sealed, 7)).toBe(secret)
    expect(() => box.open(sealed, 8)).toThrow()
    expect(() => createSecretBox('x'.repeat(40)).open(sealed, 7)).toThrow()
    expect(box.seal(secret, 7)).not.toBe(sealed)
  })
})
