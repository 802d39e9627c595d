import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import Stripe from 'stripe'

/**
 * A local stand-in of the Stripe API calls we make (create, retrieve and expire a Checkout Session;
 * create a refund), answering the way the official SDK expects, and webhooks signed the way Stripe
 * signs them. Each test file starts its own and empties it between tests.
 */
export interface FakeSession {
  id: string
  object: 'checkout.session'
  url: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid'
  amount_total: number
  currency: string
  client_reference_id: string
  payment_intent: string
  metadata: Record<string, string>
}

export interface RecordedCall {
  body: URLSearchParams
  idempotencyKey: string | undefined
}

const signer = new Stripe('sk_test_local')
const id = (prefix: string) => `${prefix}_test_${randomUUID().replace(/-/g, '').slice(0, 24)}`

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = ''
    req.on('data', (chunk) => {
      data += chunk
    })
    req.on('end', () => resolve(data))
  })
}

export async function startStripeStandIn(webhookSecret: string) {
  const sessions = new Map<string, FakeSession>()
  const sessionsByKey = new Map<string, string>()
  const refundsByKey = new Map<string, Record<string, unknown>>()
  /** Every Checkout Session creation received, in order. */
  const created: RecordedCall[] = []
  /** Ids of the sessions we were asked to expire, in order. */
  const expired: string[] = []
  /** Every refund call received, in order. */
  const refundCalls: RecordedCall[] = []
  /** What the next refund calls answer: a Stripe error status and body, one per call, then success. */
  const refundFailures: Array<{ status: number; error: Record<string, string> }> = []
  /** Ids of the sessions we asked about, in order. */
  const retrieved: string[] = []
  /** A PaymentIntent's status when a session is retrieved with it expanded (default: processing). */
  const intentStatus = new Map<string, string>()

  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await readBody(req))
    const path = req.url ?? ''
    const key = req.headers['idempotency-key'] as string | undefined
    res.setHeader('Content-Type', 'application/json')
    // Our errors are final or not by status; the SDK must not retry behind the test's back.
    res.setHeader('Stripe-Should-Retry', 'false')
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      created.push({ body, idempotencyKey: key })
      const known = key ? sessionsByKey.get(key) : undefined
      if (known) return res.end(JSON.stringify(sessions.get(known)))
      const session: FakeSession = {
        id: `cs_test_${randomUUID().replace(/-/g, '')}`,
        object: 'checkout.session',
        url: '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
        currency: body.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: body.get('client_reference_id') ?? '',
        payment_intent: id('pi'),
        metadata: { attemptId: body.get('metadata[attemptId]') ?? '' },
      }
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`
      sessions.set(session.id, session)
      if (key) sessionsByKey.set(key, session.id)
      return res.end(JSON.stringify(session))
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
    if (req.method === 'POST' && expire?.[1]) {
      const session = sessions.get(expire[1])
      expired.push(expire[1])
      if (session && session.status === 'open') session.status = 'expired'
      return res.end(JSON.stringify(session))
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path)
    if (req.method === 'GET' && retrieve?.[1] && sessions.has(retrieve[1])) {
      const session = sessions.get(retrieve[1]) as FakeSession
      retrieved.push(session.id)
      const query = new URL(path, 'http://stand-in').searchParams
      if (![...query.values()].includes('payment_intent')) return res.end(JSON.stringify(session))
      const intent = { id: session.payment_intent, object: 'payment_intent', status: intentStatus.get(session.payment_intent) ?? 'processing' }
      return res.end(JSON.stringify({ ...session, payment_intent: intent }))
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      refundCalls.push({ body, idempotencyKey: key })
      const failure = refundFailures.shift()
      if (failure) {
        res.statusCode = failure.status
        return res.end(JSON.stringify({ error: failure.error }))
      }
      const known = key ? refundsByKey.get(key) : undefined
      if (known) return res.end(JSON.stringify(known))
      const refund = {
        id: id('re'),
        object: 'refund',
        status: 'succeeded',
        amount: Number(body.get('amount')),
        currency: 'gbp',
        payment_intent: body.get('payment_intent'),
      }
      if (key) refundsByKey.set(key, refund)
      return res.end(JSON.stringify(refund))
    }
    res.statusCode = 404
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such thing' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    sessions,
    created,
    expired,
    refundCalls,
    refundFailures,
    intentStatus,
    retrieved,
    /** Where the SDK should send its calls (`createStripeProvider({ api })`). */
    api: { host: '127.0.0.1', port: (server.address() as { port: number }).port, protocol: 'http' as const },
    /** The session Checkout opened for a payment attempt. */
    sessionOf(attemptId: string): FakeSession | undefined {
      return [...sessions.values()].find((candidate) => candidate.client_reference_id === attemptId)
    },
    /** A webhook body and the `Stripe-Signature` header Stripe would send with it. */
    signed(event: Record<string, unknown>, secret = webhookSecret) {
      const payload = JSON.stringify(event)
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) }
    },
    /** Empties what the calls recorded (sessions stay, as Stripe keeps them). */
    clear() {
      created.length = 0
      expired.length = 0
      refundCalls.length = 0
      refundFailures.length = 0
      intentStatus.clear()
      retrieved.length = 0
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
