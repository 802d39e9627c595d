// The mixed workload of `npm run bench:scale` (scripts/bench-scale.ts), apart from the processes it
// starts so that its reading of the command line, its share of connections per kind and its request
// sequences can be tested (scripts/bench-scale-workload.test.ts). Nothing here opens a socket.

/** What one kind of visitor does, each kind loaded by its own autocannon at the same time as the others. */
export const KINDS = ['anonymous', 'user', 'gateway', 'purchase', 'console'] as const
export type Kind = (typeof KINDS)[number]
export type Mix = Record<Kind, number>

/**
 * Connections per kind, in proportion: most of a show's traffic is people reading pages nobody is
 * signed in to; buyers and staff are few, but each of their requests costs a transaction.
 */
export const DEFAULT_MIX: Mix = { anonymous: 20, user: 4, gateway: 6, purchase: 4, console: 2 }

export interface ScaleOptions {
  seconds: number
  connections: number
  mix: Mix
  /** The proxy's origin when the instances run already (their PIDs in `pids`, for RSS); null: the bench starts them. */
  target: string | null
  pids: number[]
  ports: [number, number]
  proxyPort: number
  build: boolean
  /** After the mixed run, each kind alone with its share of connections: what one request of it costs. */
  each: boolean
  /** Accounts the purchases rotate through: the order limit per account (60 in 15 minutes) must never be the bottleneck. */
  buyers: number
}

const positive = (name: string, text: string): number => {
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1, not "${text}"`)
  return value
}

/** `anonymous:20,purchase:4`: kinds left out get no connections; a kind named twice or unknown is refused. */
export function parseMix(text: string): Mix {
  const mix: Mix = { anonymous: 0, user: 0, gateway: 0, purchase: 0, console: 0 }
  const seen = new Set<string>()
  for (const part of text.split(',')) {
    const [name = '', weight = '', ...rest] = part.trim().split(':')
    if (!(KINDS as readonly string[]).includes(name) || rest.length > 0)
      throw new Error(`--mix: "${part}" is not kind:weight with a kind of ${KINDS.join(', ')}`)
    if (seen.has(name)) throw new Error(`--mix names ${name} twice`)
    seen.add(name)
    const value = /^\d+$/.test(weight) ? Number(weight) : Number.NaN
    if (Number.isNaN(value)) throw new Error(`--mix: the weight of ${name} must be a whole number, not "${weight}"`)
    mix[name as Kind] = value
  }
  if (KINDS.every((kind) => mix[kind] === 0)) throw new Error('--mix gives every kind a weight of 0')
  return mix
}

export function parseOptions(argv: readonly string[]): ScaleOptions {
  const options: ScaleOptions = {
    seconds: 20,
    connections: 0,
    mix: DEFAULT_MIX,
    target: null,
    pids: [],
    ports: [5600, 5601],
    proxyPort: 5650,
    build: true,
    each: false,
    buyers: 200,
  }
  for (const arg of argv) {
    const [flag = '', value = ''] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, '']
    if (flag === '--no-build') options.build = false
    else if (flag === '--each') options.each = true
    else if (flag === '--seconds') options.seconds = positive('seconds', value)
    else if (flag === '--connections') options.connections = positive('connections', value)
    else if (flag === '--buyers') options.buyers = positive('buyers', value)
    else if (flag === '--mix') options.mix = parseMix(value)
    else if (flag === '--proxy-port') options.proxyPort = positive('proxy-port', value)
    else if (flag === '--ports') {
      const ports = value.split(',').map((port) => positive('ports', port))
      if (ports.length !== 2) throw new Error("--ports takes the two instances' ports, as 5600,5601")
      options.ports = ports as [number, number]
    } else if (flag === '--target') {
      const url = URL.canParse(value) ? new URL(value) : null
      if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`--target takes the proxy's origin, as http://127.0.0.1:5650, not "${value}"`)
      options.target = url.origin
    } else if (flag === '--pids') options.pids = value.split(',').map((pid) => positive('pids', pid))
    else throw new Error(`unknown option ${arg}`)
  }
  if (options.connections === 0) options.connections = KINDS.reduce((sum, kind) => sum + options.mix[kind], 0)
  return options
}

/**
 * Splits the connections by the mix's weights (largest remainder, ties to the earlier kind), then gives
 * any kind with a weight and no connection one from the kind with most: a kind with no connection would
 * be missing from the report without a word. With as many connections as the weights add up to, each
 * kind gets its weight.
 */
export function splitConnections(total: number, mix: Mix): Mix {
  const active = KINDS.filter((kind) => mix[kind] > 0)
  if (total < active.length) throw new Error(`${total} connections cannot carry ${active.length} kinds (at least one each)`)
  const weight = active.reduce((sum, kind) => sum + mix[kind], 0)
  const split: Mix = { anonymous: 0, user: 0, gateway: 0, purchase: 0, console: 0 }
  const exact = active.map((kind) => ({ kind, share: (total * mix[kind]) / weight }))
  for (const { kind, share } of exact) split[kind] = Math.floor(share)
  let left = total - active.reduce((sum, kind) => sum + split[kind], 0)
  for (const { kind } of [...exact].sort((a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)))) {
    if (left === 0) break
    split[kind] += 1
    left -= 1
  }
  for (const kind of active) {
    if (split[kind] > 0) continue
    const largest = active.reduce((most, other) => (split[other] > split[most] ? other : most))
    split[largest] -= 1
    split[kind] = 1
  }
  return split
}

/** What the bench prepared and every load process needs: addresses, tokens and sessions, all plain data. */
export interface Fixtures {
  /** Cached anonymous pages, read in turn. */
  pages: string[]
  /** Pages only a signed-in visitor sees (rendered per request, never cached). */
  privatePages: string[]
  /** Visitor tokens from POST /api/token, for the gateway's read calls. */
  visitorTokens: string[]
  /** Signed-in accounts: a user token, and a login cookie for the private pages. */
  accounts: Array<{ token: string; cookie: string }>
  exhibitionId: number
  ticketTypeId: number
  /** The staff cookie (`staff_session=...`) of a signed-in owner, and the origin the console sends. */
  staffCookie: string
  origin: string
}

export interface Step {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

/** One step of a sequence: the request from what earlier steps kept, the status that means it went through, what it keeps. */
export interface FlowStep {
  request(state: FlowState): Step
  expect: number
  keep?(body: string, state: FlowState): void
}

export interface FlowState {
  failed?: boolean
  orderNumber?: string
  attemptId?: string
  payKey?: string
  who?: { token: string; ip: string }
}

export interface Tally {
  failed: number
  /** Sequences that went through to their last step (purchases paid). */
  completed: number
  statuses: Record<string, number>
}

/** The same client address for the same caller, spread over TEST-NET so per-address limits see many visitors. */
export const addressOf = (index: number) => `198.51.${Math.floor(index / 250) % 250}.${1 + (index % 250)}`

/** Takes items in turn, the counter shared by every connection of one load process. */
export function rotation<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to rotate through')
  let at = 0
  return () => items[at++ % items.length] as T
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench-scale' }
const EXPO = '/wikifxweb-v1/wikiexpo/invoke-v1'

function gatewayStep(path: string, route: string, token: string, ip: string, payload: unknown): Step {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', routes: route, authorization: `Bearer ${token}`, languagecode: 'en', 'x-forwarded-for': ip },
    body: JSON.stringify(payload),
  }
}

const dataOf = (body: string) => (JSON.parse(body) as { data: Record<string, unknown> }).data

/**
 * The steps of one kind. Single-step kinds take the next page, call or account on every request;
 * a purchase is five steps as the checkout makes them, each needing what the one before answered.
 */
export function flowOf(kind: Kind, fixtures: Fixtures, attendees: () => unknown[]): FlowStep[] {
  if (kind === 'anonymous') {
    const page = rotation(fixtures.pages)
    let visitor = 0
    return [{ request: () => ({ method: 'GET', path: page(), headers: { ...BROWSER, 'x-forwarded-for': addressOf(visitor++ % 5000) } }), expect: 200 }]
  }
  if (kind === 'user') {
    const page = rotation(fixtures.privatePages)
    const account = rotation(fixtures.accounts.map((entry, index) => ({ ...entry, ip: addressOf(10_000 + index) })))
    return [
      {
        request: () => {
          const who = account()
          return { method: 'GET', path: page(), headers: { ...BROWSER, cookie: `${who.cookie}; access_token=${who.token}`, 'x-forwarded-for': who.ip } }
        },
        expect: 200,
      },
    ]
  }
  if (kind === 'gateway') {
    const token = rotation(fixtures.visitorTokens)
    let visitor = 0
    const call = rotation<[string, string, unknown]>([
      ['/gateway/cv3', 'common$languageList', {}],
      [EXPO, 'expo$listExhibitions', {}],
      [EXPO, 'expo$listExhibitions', { state: 'signingUp' }],
    ])
    return [
      {
        request: () => {
          const [path, route, payload] = call()
          return gatewayStep(path, route, token(), addressOf(20_000 + (visitor++ % 5000)), payload)
        },
        expect: 200,
      },
    ]
  }
  if (kind === 'console') {
    const call = rotation<[string, unknown]>([
      ['me', {}],
      ['orderList', {}],
      ['orderList', { search: 'Lovelace' }],
      ['dashboard', { exhibitionId: fixtures.exhibitionId }],
      ['auditList', {}],
    ])
    return [
      {
        request: () => {
          const [name, payload] = call()
          return {
            method: 'POST',
            path: '/gateway/console',
            headers: {
              'content-type': 'application/json',
              routes: `console$${name}`,
              cookie: fixtures.staffCookie,
              'x-console-request': '1',
              origin: fixtures.origin,
              'x-forwarded-for': addressOf(30_000),
            },
            body: JSON.stringify(payload),
          }
        },
        expect: 200,
      },
    ]
  }
  const buyer = rotation(fixtures.accounts.map((entry, index) => ({ token: entry.token, ip: addressOf(40_000 + index) })))
  const { exhibitionId, ticketTypeId } = fixtures
  const call = (route: string, payload: (state: FlowState) => unknown) => (state: FlowState) =>
    gatewayStep(EXPO, route, state.who?.token ?? '', state.who?.ip ?? '', payload(state))
  return [
    {
      request: (state) => {
        state.who = buyer()
        return call('tickets$createOrder', () => ({ exhibitionId, lines: [{ ticketTypeId, quantity: 1 }], idempotencyKey: crypto.randomUUID() }))(state)
      },
      expect: 200,
      keep: (body, state) => {
        state.orderNumber = dataOf(body).number as string
      },
    },
    { request: call('tickets$saveAttendees', (state) => ({ orderNumber: state.orderNumber, attendees: attendees() })), expect: 200 },
    { request: call('tickets$confirmOrder', (state) => ({ orderNumber: state.orderNumber })), expect: 200 },
    {
      request: call('tickets$startPayment', (state) => ({ orderNumber: state.orderNumber, method: 'sandbox' })),
      expect: 200,
      keep: (body, state) => {
        const data = dataOf(body) as { redirectUrl: string; attemptId: string }
        state.attemptId = data.attemptId
        state.payKey = new URL(data.redirectUrl, 'http://sandbox.invalid').searchParams.get('key') ?? ''
      },
    },
    {
      // The sandbox's own page, as the buyer's browser posts it: it answers with a redirect to the order.
      request: (state) => ({
        method: 'POST',
        path: `/pay/sandbox/${state.attemptId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': state.who?.ip ?? '' },
        body: new URLSearchParams({ key: state.payKey ?? '', action: 'pay' }).toString(),
      }),
      expect: 303,
    },
  ]
}

/** autocannon's request shape: built per request from the connection's context, the answer read back into it. */
export interface CannonRequest {
  setupRequest(request: Record<string, unknown>, context: FlowState): Record<string, unknown> | null
  onResponse(status: number, body: string, context: FlowState): void
}

/**
 * The steps as autocannon's `requests`. A step that fails marks the connection's context, the next
 * step then builds nothing, and autocannon starts the sequence again with a fresh context (its
 * behaviour for a falsy setupRequest after the first): a purchase whose order was refused never pays.
 */
export function cannonRequests(steps: FlowStep[], tally: Tally): CannonRequest[] {
  return steps.map((step, index) => ({
    setupRequest: (request, context) => {
      if (index > 0 && context.failed) return null
      const built = step.request(context)
      return { ...request, method: built.method, path: built.path, headers: built.headers, ...(built.body === undefined ? {} : { body: built.body }) }
    },
    onResponse: (status, body, context) => {
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1
      if (status !== step.expect) {
        tally.failed += 1
        context.failed = true
        return
      }
      try {
        step.keep?.(body, context)
      } catch {
        // An answer of the right status without what the next step needs fails the sequence too.
        tally.failed += 1
        context.failed = true
        return
      }
      if (index === steps.length - 1 && steps.length > 1) tally.completed += 1
    },
  }))
}

export interface KindResult {
  kind: Kind
  connections: number
  requests: number
  requestsPerSecond: number
  p50: number
  p99: number
  /** Answers of another status than the step expects, plus socket errors and timeouts. */
  errors: number
  completedPerSecond: number | null
}

export function formatTable(results: readonly KindResult[]): string {
  const rows = results.map(
    (result) =>
      `| ${result.kind} | ${result.connections} | ${result.requests} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50.toFixed(0)} | ${result.p99.toFixed(0)} | ${result.errors} | ${
        result.completedPerSecond === null ? '–' : result.completedPerSecond.toFixed(1)
      } |`,
  )
  return [
    '| kind | connections | requests | requests/s | p50 ms | p99 ms | errors | purchases paid/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n')
}

/**
 * A whole nginx configuration from the repository's server block (deploy/nginx.conf) with the same
 * rules and loopback ports: the replicas' compose names become the instances' addresses, which need
 * no resolver (Docker's DNS is not here, and `resolve` wants nginx 1.27.3 where Debian has 1.22).
 * Refuses a file whose shape it does not know, rather than measure a proxy the repository does not have.
 */
export function nginxConfigFrom(repository: string, place: { listen: number; instances: readonly number[]; dir: string; user: string | null }): string {
  let servers = 0
  let listens = 0
  const server = repository
    .split('\n')
    .filter((line) => !/^\s*resolver(_timeout)?\s/.test(line))
    .map((line) =>
      line
        .replace(/^(\s*)server\s+site-(\d+):3000\s+resolve\b/, (_all, indent: string, number: string) => {
          const port = place.instances[Number(number) - 1]
          if (port === undefined) throw new Error(`deploy/nginx.conf names site-${number}, and there are ${place.instances.length} instances`)
          servers += 1
          return `${indent}server 127.0.0.1:${port}`
        })
        .replace(/^(\s*)listen\s+80;/, (_all, indent: string) => {
          listens += 1
          return `${indent}listen 127.0.0.1:${place.listen};`
        }),
    )
    .join('\n')
  if (servers !== place.instances.length || listens !== 1) {
    throw new Error(
      `deploy/nginx.conf no longer has one \`listen 80\` and ${place.instances.length} \`server site-N:3000 resolve\` lines; update the bench with it`,
    )
  }
  const at = (name: string) => `${place.dir}/${name}`
  return [
    ...(place.user ? [`user ${place.user};`] : []),
    'worker_processes auto;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    // As the nginx image's own nginx.conf around conf.d/default.conf.
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  keepalive_timeout 65;',
    `  access_log ${at('access.log')} combined buffer=64k;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${at(`${kind}-temp`)};`),
    server,
    '}',
    '',
  ].join('\n')
}
