import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it } from 'vitest'
import {
  createGatewayClient,
  DEFAULT_FINGERPRINT,
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  type GatewayRequest,
  type GatewayTransport,
  type TokenSource,
} from './client.ts'
import { type Envelope, fn } from '../../shared/functions/gateway.ts'

const hot = fn({ endpoint: 'cv3', route: 'search$statisticsHotSearch', access: 'visitor' })
const geo = fn({ endpoint: 'ipGeo', access: 'public' })

interface Seen {
  config: InternalAxiosRequestConfig
  headers: Record<string, string>
}

/** A fake transport: records every request and answers with `answer`. */
function fakeTransport(answer: (seen: Seen, index: number) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>) {
  const seen: Seen[] = []
  const adapter: AxiosAdapter = async (config) => {
    const record = { config, headers: (config.headers?.toJSON?.() ?? {}) as Record<string, string> }
    seen.push(record)
    const { status, data } = await answer(record, seen.length - 1)
    return { status, data, statusText: '', headers: {}, config, request: null }
  }
  return { adapter, seen }
}

const ok = (data: unknown) => ({ status: 200, data: { succeed: true, ErrorCode: 200, data } })

function tokens(initial: string | undefined, next: () => Promise<{ status: number; token: string }>) {
  let current = initial
  let fetches = 0
  const source: TokenSource = {
    current: () => current,
    async obtain() {
      fetches++
      const result = await next()
      current = result.token || undefined
      return result
    },
  }
  return { source, fetches: () => fetches }
}

const headers = () => ({ countryCode: '156', languageCode: 'zh-cn', environment: 'production', userIp: '203.0.113.9', fingerprint: undefined })

describe('gateway client (docs/product.md#gateway)', () => {
  it('when calling, then every docs/product.md#headers is sent, with the Routes name and the token', async () => {
    const { adapter, seen } = fakeTransport(() => ok([]))
    const client = createGatewayClient({ adapter, headers, tokens: tokens('T1', async () => ({ status: 200, token: 'T2' })).source })
    await client.call(hot, { pageSize: 15 } as never)
    const sent = seen[0]?.headers ?? {}
    expect(sent['Content-Type']).toBe('application/json')
    expect(sent['X-Requested-With']).toBe('XMLHttpRequest')
    expect(sent.CountryCode).toBe('156')
    expect(sent.ENVIRONMENT).toBe('production')
    expect(sent['x-forword-for']).toBe('203.0.113.9')
    expect(sent.LanguageCode).toBe('zh-cn')
    expect(sent.BasicData).toBe(DEFAULT_FINGERPRINT)
    expect(sent.Authorization).toBe('Bearer T1')
    expect(sent.Routes).toBe('search$statisticsHotSearch')
    expect(seen[0]?.config.method).toBe('post')
    expect(seen[0]?.config.url).toBe('/gateway/cv3')
    expect(seen[0]?.config.timeout).toBe(GATEWAY_TIMEOUT_MS)
  })

  it('when a transport is given, then it carries the call as given, with the same headers, and its envelope decides', async () => {
    const sent: GatewayRequest[] = []
    const transport: GatewayTransport = async (request) => {
      sent.push(request)
      return ok({ a: 1 }) as { status: number; data: Envelope }
    }
    const client = createGatewayClient({ transport, headers, tokens: tokens('T1', async () => ({ status: 200, token: 'T2' })).source })
    await expect(client.call(hot, { pageSize: 15 } as never)).resolves.toEqual({ a: 1 })
    await client.call(geo, { ip: '' } as never)
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/gateway/cv3', payload: { pageSize: 15 } })
    expect(sent[0]?.headers).toMatchObject({ Routes: 'search$statisticsHotSearch', Authorization: 'Bearer T1', CountryCode: '156' })
    expect(sent[1]).toMatchObject({ method: 'GET', path: '/api/v1/getipgeo', payload: { ip: '' } })
    expect(sent[1]?.headers.Authorization).toBeUndefined()
  })

  it('when the envelope says ErrorCode 200 and succeed, then data is returned', async () => {
    const { adapter } = fakeTransport(() => ok({ a: 1 }))
    const client = createGatewayClient({ adapter, headers, tokens: tokens('T', async () => ({ status: 200, token: 'T' })).source })
    await expect(client.call(hot, {} as never)).resolves.toEqual({ a: 1 })
  })

  it('when the envelope is a failure, then a GatewayError carries its code, fields and the whole body', async () => {
    const body = { succeed: false, ErrorCode: 400, data: { fields: { email: 'errors.email' } }, message: 'errors.invalid' }
    const { adapter } = fakeTransport(() => ({ status: 400, data: body }))
    const client = createGatewayClient({ adapter, headers, tokens: tokens('T', async () => ({ status: 200, token: 'T' })).source })
    const error = await client.call(hot, {} as never).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GatewayError)
    expect(error).toMatchObject({ errorCode: 400, code: 'errors.invalid', fields: { email: 'errors.email' }, body })
  })

  it('when there is no token, then one is obtained first', async () => {
    const { adapter, seen } = fakeTransport(() => ok(null))
    const source = tokens(undefined, async () => ({ status: 200, token: 'NEW' }))
    const client = createGatewayClient({ adapter, headers, tokens: source.source })
    await client.call(hot, {} as never)
    expect(source.fetches()).toBe(1)
    expect(seen[0]?.headers.Authorization).toBe('Bearer NEW')
  })

  it('when a call gets 401, then the token is refreshed and the call retried once', async () => {
    const { adapter, seen } = fakeTransport((request) =>
      request.headers.Authorization === 'Bearer OLD' ? { status: 401, data: { succeed: false, ErrorCode: 401, data: null } } : ok('fine'),
    )
    const source = tokens('OLD', async () => ({ status: 200, token: 'FRESH' }))
    const client = createGatewayClient({ adapter, headers, tokens: source.source })
    await expect(client.call(hot, {} as never)).resolves.toBe('fine')
    expect(seen.map((request) => request.headers.Authorization)).toEqual(['Bearer OLD', 'Bearer FRESH'])
    expect(source.fetches()).toBe(1)
  })

  it('when the retry gets 401 again, then the error is rejected, not retried forever', async () => {
    const { adapter, seen } = fakeTransport(() => ({ status: 401, data: { succeed: false, ErrorCode: 401, data: null, message: 'errors.token' } }))
    const client = createGatewayClient({ adapter, headers, tokens: tokens('OLD', async () => ({ status: 200, token: 'FRESH' })).source })
    await expect(client.call(hot, {} as never)).rejects.toMatchObject({ errorCode: 401 })
    expect(seen).toHaveLength(2)
  })

  it('when the token cannot be fetched, then status 0 and an empty token end in a rejected call', async () => {
    const { adapter } = fakeTransport(() => ({ status: 401, data: { succeed: false, ErrorCode: 401, data: null } }))
    const client = createGatewayClient({ adapter, headers, tokens: tokens('OLD', async () => ({ status: 0, token: '' })).source })
    await expect(client.call(hot, {} as never)).rejects.toMatchObject({ errorCode: 401, code: 'errors.session' })
  })

  it('when many calls need a token at once, then they all wait for one fetch', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const { adapter, seen } = fakeTransport(() => ok(1))
    const source = tokens(undefined, async () => {
      await gate
      return { status: 200, token: 'SHARED' }
    })
    const client = createGatewayClient({ adapter, headers, tokens: source.source })
    const calls = Array.from({ length: 10 }, () => client.call(hot, {} as never))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(seen).toHaveLength(0)
    release()
    await Promise.all(calls)
    expect(source.fetches()).toBe(1)
    expect(new Set(seen.map((request) => request.headers.Authorization))).toEqual(new Set(['Bearer SHARED']))
  })

  it('when a public GET function is called, then no token is fetched and the payload goes in the query', async () => {
    const { adapter, seen } = fakeTransport(() => ok({ country_code: 'cn' }))
    const source = tokens(undefined, async () => ({ status: 200, token: 'X' }))
    const client = createGatewayClient({ adapter, headers, tokens: source.source })
    await client.call(geo, { ip: '1.2.3.4' } as never)
    expect(source.fetches()).toBe(0)
    expect(seen[0]?.config.method).toBe('get')
    expect(seen[0]?.config.params).toEqual({ ip: '1.2.3.4' })
    expect(seen[0]?.headers.Authorization).toBeUndefined()
  })

  it('when the transport fails without an answer, then a network error with status 0', async () => {
    const adapter: AxiosAdapter = async (config) => {
      const error = Object.assign(new Error('socket hang up'), { isAxiosError: true, config, code: 'ECONNRESET', toJSON: () => ({}) })
      throw error
    }
    const client = createGatewayClient({ adapter, headers, tokens: tokens('T', async () => ({ status: 200, token: 'T' })).source })
    await expect(client.call(hot, {} as never)).rejects.toMatchObject({ errorCode: 0, code: 'errors.network' })
  })

  it('when something unexpected is thrown, then the status defaults to 500 (docs/product.md#errors)', async () => {
    const adapter: AxiosAdapter = async () => {
      throw new RangeError('boom')
    }
    const client = createGatewayClient({ adapter, headers, tokens: tokens('T', async () => ({ status: 200, token: 'T' })).source })
    await expect(client.call(hot, {} as never)).rejects.toMatchObject({ errorCode: 500 })
  })
})
