import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { postWebhook } from './webhook-sender.ts'

/** One POST to a receiver (docs/product.md#lead-webhooks): what the sender makes of a silent, closed or talkative one. */

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function receiver(handle: Parameters<typeof createServer>[1]): Promise<URL> {
  const server = createServer(handle)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)
}

const loopback = { address: '127.0.0.1', family: 4 } as const

describe('one attempt', () => {
  it('when the receiver never answers, then the attempt ends at the time limit as a timeout', async () => {
    const url = await receiver(() => {})
    expect(await postWebhook(url, loopback, '{}', {}, 50)).toEqual({ error: 'timeout' })
  })

  it('when nothing listens, then it is a network failure', async () => {
    const url = await receiver(() => {})
    await new Promise((resolve) => servers.pop()?.close(resolve))
    expect(await postWebhook(url, loopback, '{}', {})).toEqual({ error: 'network' })
  })

  it('when the receiver answers at length, then its status and the start of its answer are kept, control characters as spaces', async () => {
    const url = await receiver((req, res) => {
      req.resume()
      res.writeHead(422, { 'Content-Type': 'text/plain' })
      res.end(`bad\u0000\n  lead ${'y'.repeat(100_000)}`)
    })
    const outcome = await postWebhook(url, loopback, '{}', {})
    expect(outcome).toMatchObject({ status: 422 })
    expect('excerpt' in outcome && outcome.excerpt.startsWith('bad lead yyy')).toBe(true)
    expect('excerpt' in outcome && outcome.excerpt).toHaveLength(300)
  })

  it('when the name resolves elsewhere, then the request still goes to the checked address with the name as Host', async () => {
    let host = ''
    const url = await receiver((req, res) => {
      host = String(req.headers.host)
      req.resume()
      res.end()
    })
    const named = new URL(url.href.replace('127.0.0.1', 'crm.example.invalid'))
    expect(await postWebhook(named, loopback, '{}', {})).toMatchObject({ status: 200 })
    expect(host).toBe(`crm.example.invalid:${url.port}`)
  })
})
