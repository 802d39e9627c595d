import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  addressOf,
  cannonRequests,
  DEFAULT_MIX,
  type Fixtures,
  type FlowState,
  flowOf,
  KINDS,
  nginxConfigFrom,
  parseMix,
  parseOptions,
  splitConnections,
  type Tally,
} from './bench-scale-workload.ts'

const fixtures: Fixtures = {
  pages: ['/en', '/zh-cn', '/en/exhibition/news.html'],
  privatePages: ['/en/info.html', '/en/apply/order'],
  visitorTokens: ['v1', 'v2'],
  accounts: [
    { token: 'u1', cookie: 'expo_login=s1.x' },
    { token: 'u2', cookie: 'expo_login=s2.y' },
  ],
  exhibitionId: 7,
  ticketTypeId: 70,
  staffCookie: 'staff_session=secret',
  origin: 'http://127.0.0.1:5650',
}
const people = () => [{ firstName: 'Ada' }]
const headersOf = (request: Record<string, unknown> | undefined) => (request?.headers ?? {}) as Record<string, string>
const freshTally = (): Tally => ({ failed: 0, completed: 0, statuses: {} })

/** Drives the requests as autocannon does: build the current step, answer it, move on; a step that builds nothing starts again with a fresh context. */
function drive(kind: Parameters<typeof flowOf>[0], answers: Array<{ status: number; body?: unknown }>, tally = freshTally()) {
  const requests = cannonRequests(flowOf(kind, fixtures, people), tally)
  const sent: Array<Record<string, unknown>> = []
  let context: FlowState = {}
  let index = 0
  for (const answer of answers) {
    let built = requests[index]?.setupRequest({}, context)
    if (!built) {
      context = {}
      index = 0
      built = requests[0]?.setupRequest({}, context) ?? null
    }
    sent.push(built as Record<string, unknown>)
    requests[index]?.onResponse(answer.status, answer.body === undefined ? '' : JSON.stringify(answer.body), context)
    index += 1
    if (index === requests.length) {
      context = {}
      index = 0
    }
  }
  return { sent, tally }
}

describe('the command line', () => {
  it('when nothing is given, then 20 s with as many connections as the default weights add up to', () => {
    const options = parseOptions([])
    expect(options).toMatchObject({ seconds: 20, mix: DEFAULT_MIX, target: null, build: true, each: false, ports: [5600, 5601], proxyPort: 5650 })
    expect(options.connections).toBe(KINDS.reduce((sum, kind) => sum + DEFAULT_MIX[kind], 0))
  })

  it('when options are given, then each is read', () => {
    const options = parseOptions([
      '--seconds=5',
      '--connections=12',
      '--mix=anonymous:3,purchase:1',
      '--no-build',
      '--each',
      '--target=http://127.0.0.1:9000/x',
      '--pids=10,11',
    ])
    expect(options).toMatchObject({ seconds: 5, connections: 12, build: false, each: true, target: 'http://127.0.0.1:9000', pids: [10, 11] })
    expect(options.mix).toEqual({ anonymous: 3, user: 0, gateway: 0, purchase: 1, console: 0 })
  })

  it.each([
    ['--seconds=0', /--seconds/],
    ['--seconds=1.5', /--seconds/],
    ['--connections=many', /--connections/],
    ['--ports=5600', /two instances/],
    ['--target=ftp://x', /--target/],
    ['--target=nowhere', /--target/],
    ['--fast', /unknown option/],
  ])('when %s is given, then it is refused with what is wrong', (arg, message) => {
    expect(() => parseOptions([arg])).toThrow(message)
  })

  it.each([
    ['anonymous:1,shoppers:2', /shoppers:2/],
    ['anonymous', /weight of anonymous/],
    ['anonymous:1:2', /anonymous:1:2/],
    ['anonymous:-1', /weight of anonymous/],
    ['anonymous:1,anonymous:2', /twice/],
    ['anonymous:0,user:0', /every kind a weight of 0/],
  ])('when the mix is %s, then it is refused', (text, message) => {
    expect(() => parseMix(text)).toThrow(message)
  })
})

describe('splitting connections by the mix', () => {
  it("when the connections are the weights' sum, then each kind gets its weight", () => {
    expect(splitConnections(36, DEFAULT_MIX)).toEqual(DEFAULT_MIX)
  })

  it('when the connections are scaled, then the split keeps the proportions and adds up', () => {
    const split = splitConnections(72, DEFAULT_MIX)
    expect(split).toEqual({ anonymous: 40, user: 8, gateway: 12, purchase: 8, console: 4 })
    const odd = splitConnections(37, DEFAULT_MIX)
    expect(KINDS.reduce((sum, kind) => sum + odd[kind], 0)).toBe(37)
  })

  it('when a small weight rounds to nothing, then it still gets one connection, taken from the largest', () => {
    const split = splitConnections(10, { anonymous: 100, user: 0, gateway: 0, purchase: 1, console: 1 })
    expect(split).toEqual({ anonymous: 8, user: 0, gateway: 0, purchase: 1, console: 1 })
  })

  it('when there are fewer connections than kinds, then it is refused', () => {
    expect(() => splitConnections(2, DEFAULT_MIX)).toThrow(/2 connections cannot carry 5 kinds/)
  })
})

describe('the requests of each kind', () => {
  it('when anonymous pages are read, then they come in turn, as a browser asks, with no cookie', () => {
    const { sent, tally } = drive('anonymous', [{ status: 200 }, { status: 200 }, { status: 200 }, { status: 500 }])
    expect(sent.map((request) => request.path)).toEqual(['/en', '/zh-cn', '/en/exhibition/news.html', '/en'])
    const headers = sent[0]?.headers as Record<string, string>
    expect(headers['accept-encoding']).toBe('gzip, deflate, br')
    expect(headers.cookie).toBeUndefined()
    expect(tally).toEqual({ failed: 1, completed: 0, statuses: { 200: 3, 500: 1 } })
  })

  it("when signed-in pages are read, then each carries an account's login cookie and token from its own address", () => {
    const { sent } = drive('user', [{ status: 200 }, { status: 200 }])
    expect(sent.map((request) => request.path)).toEqual(['/en/info.html', '/en/apply/order'])
    expect(headersOf(sent[0]).cookie).toBe('expo_login=s1.x; access_token=u1')
    expect(headersOf(sent[1])['x-forwarded-for']).not.toBe(headersOf(sent[0])['x-forwarded-for'])
  })

  it('when console reads are made, then they carry the staff cookie, the console header and the origin', () => {
    const { sent } = drive('console', [{ status: 200 }, { status: 200 }, { status: 200 }, { status: 200 }])
    expect(sent.map((request) => headersOf(request).routes)).toEqual(['console$me', 'console$orderList', 'console$orderList', 'console$dashboard'])
    expect(sent[3]?.body).toBe(JSON.stringify({ exhibitionId: 7 }))
    expect(sent[0]?.headers).toMatchObject({ cookie: 'staff_session=secret', 'x-console-request': '1', origin: 'http://127.0.0.1:5650' })
  })

  it('when a purchase goes through, then each step sends what the one before answered, and the payment is counted once', () => {
    const { sent, tally } = drive('purchase', [
      { status: 200, body: { data: { number: 'T-1' } } },
      { status: 200, body: { data: {} } },
      { status: 200, body: { data: {} } },
      { status: 200, body: { data: { attemptId: 'a-1', redirectUrl: '/pay/sandbox/a-1?key=k1' } } },
      { status: 303 },
    ])
    expect(sent.map((request) => headersOf(request).routes ?? request.path)).toEqual([
      'tickets$createOrder',
      'tickets$saveAttendees',
      'tickets$confirmOrder',
      'tickets$startPayment',
      '/pay/sandbox/a-1',
    ])
    expect(JSON.parse(sent[0]?.body as string)).toMatchObject({ exhibitionId: 7, lines: [{ ticketTypeId: 70, quantity: 1 }] })
    expect(JSON.parse(sent[1]?.body as string)).toEqual({ orderNumber: 'T-1', attendees: [{ firstName: 'Ada' }] })
    expect(JSON.parse(sent[3]?.body as string)).toEqual({ orderNumber: 'T-1', method: 'sandbox' })
    expect(sent[4]?.body).toBe('key=k1&action=pay')
    // One buyer's token and address on every step of one purchase.
    const who = (request: Record<string, unknown>) => headersOf(request)['x-forwarded-for']
    expect(new Set(sent.map(who)).size).toBe(1)
    expect(headersOf(sent[3]).authorization).toBe('Bearer u1')
    expect(tally).toEqual({ failed: 0, completed: 1, statuses: { 200: 4, 303: 1 } })
  })

  it('when an order is refused, then that purchase stops and the next one starts with the next buyer', () => {
    const { sent, tally } = drive('purchase', [
      { status: 429, body: { message: 'limited' } },
      { status: 200, body: { data: { number: 'T-2' } } },
    ])
    expect(sent.map((request) => headersOf(request).routes)).toEqual(['tickets$createOrder', 'tickets$createOrder'])
    expect(headersOf(sent[1]).authorization).toBe('Bearer u2')
    expect(tally).toEqual({ failed: 1, completed: 0, statuses: { 200: 1, 429: 1 } })
  })

  it('when an answer has the right status but not what the next step needs, then the purchase fails there', () => {
    const { tally } = drive('purchase', [
      { status: 200, body: { data: { number: 'T-3' } } },
      { status: 200 },
      { status: 200 },
      { status: 200, body: { nothing: true } },
    ])
    expect(tally.failed).toBe(1)
    expect(tally.completed).toBe(0)
  })

  it('when addresses are made for callers, then each index has its own and they stay in TEST-NET-2', () => {
    const addresses = Array.from({ length: 1000 }, (_, index) => addressOf(index))
    expect(new Set(addresses).size).toBe(1000)
    for (const address of addresses) expect(address).toMatch(/^198\.51\.\d{1,3}\.\d{1,3}$/)
  })
})

describe('the proxy configuration', () => {
  const repository = readFileSync(new URL('../deploy/nginx.conf', import.meta.url), 'utf8')

  it("when made from the repository's, then the rules stay and only the addresses change", () => {
    const config = nginxConfigFrom(repository, { listen: 5650, instances: [5600, 5601], dir: '/tmp/x', user: null })
    expect(config).toContain('listen 127.0.0.1:5650;')
    expect(config).toContain('server 127.0.0.1:5600 max_fails=1 fail_timeout=5s;')
    expect(config).toContain('server 127.0.0.1:5601 max_fails=1 fail_timeout=5s;')
    const rules = config
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n')
    expect(rules).not.toMatch(/resolver|resolve\b|site-\d/)
    for (const rule of [
      'least_conn;',
      'keepalive 32;',
      'proxy_next_upstream error timeout http_502 http_503;',
      'location = /metrics',
      'gzip on;',
      'client_max_body_size 501m;',
    ]) {
      expect(config).toContain(rule)
    }
    expect(config).toContain('pid /tmp/x/nginx.pid;')
    expect(config).not.toContain('user ')
  })

  it("when the repository's file has another shape, then it is refused", () => {
    const place = { listen: 5650, instances: [5600, 5601], dir: '/tmp/x', user: null }
    expect(() => nginxConfigFrom(repository.replace('listen 80;', 'listen 8080;'), place)).toThrow(/listen 80/)
    expect(() => nginxConfigFrom(repository, { ...place, instances: [5600] })).toThrow(/site-2/)
  })
})
