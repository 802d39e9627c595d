import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { type DeliveryError, WEBHOOK_LIMITS } from '../../../shared/rules/lead-webhooks.ts'
import type { ResolvedAddress } from './webhook-address.ts'

/** Why an attempt got no answer (of DELIVERY_ERRORS, the ones the network gives). */
export type SendError = Extract<DeliveryError, 'timeout' | 'network' | 'tls'>

export type SendOutcome = { status: number; excerpt: string } | { error: SendError }

/** What is read of an answer at most: enough for the kept excerpt, never a whole page. */
const READ_BYTES = 2048

/**
 * One POST to a checked address (docs/product.md#lead-webhooks): connected to the address the check
 * resolved (the name still goes to TLS and the Host header), redirects not followed (a 3xx is a failed
 * attempt like any other non-2xx), the whole exchange cut at the time limit, the answer read only as far
 * as its excerpt.
 */
export function postWebhook(
  url: URL,
  target: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number = WEBHOOK_LIMITS.timeoutMs,
): Promise<SendOutcome> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [target])
    else callback(null, target.address, target.family)
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    let settled = false
    const finish = (outcome: SendOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const call = send(url, {
      method: 'POST',
      lookup: pinned,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      agent: false,
    })
    const timer = setTimeout(() => {
      finish({ error: 'timeout' })
      call.destroy()
    }, timeoutMs)
    call.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = []
      let read = 0
      const done = () => {
        finish({ status: response.statusCode ?? 0, excerpt: excerptOf(Buffer.concat(chunks).toString('utf8')) })
        response.destroy()
      }
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        read += chunk.length
        if (read >= READ_BYTES) done()
      })
      response.on('end', done)
      response.on('error', done)
    })
    call.on('error', (error: NodeJS.ErrnoException) => {
      finish({ error: /CERT|SSL|TLS/i.test(`${error.code ?? ''} ${error.message}`) ? 'tls' : 'network' })
    })
    call.end(body)
  })
}

/** The receiver's answer as kept: text only, whitespace collapsed, cut to the excerpt's length. */
function excerptOf(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, WEBHOOK_LIMITS.excerpt)
}
