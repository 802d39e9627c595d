import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import proxyAddr from 'proxy-addr'
import type { Geo } from '../geo/geo.ts'
import { showsChinaNotice } from './china-notice.ts'
import { isMobileUserAgent } from './device.ts'
import { isCacheablePagePath } from './paths.ts'

const gzipAsync = promisify(gzip)

/**
 * On a miss the cache leaves a callback on the response; the page renderer, when the page may be
 * shared (anonymous, not personal), hands it the plain HTML it streamed, while the visitor still gets
 * it compressed as usual.
 */
const PAGE_CAPTURE = Symbol('page-capture')
type CapturingResponse = ServerResponse & { [PAGE_CAPTURE]?: (html: Buffer) => void }

export function pageCaptureOf(res: ServerResponse): ((html: Buffer) => void) | undefined {
  return (res as CapturingResponse)[PAGE_CAPTURE]
}

/** Headers that belong to one response or one visitor, never to a stored copy. */
const PER_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'vary',
])
const brotliAsync = promisify(brotliCompress)

interface Entry {
  key: string
  status: number
  headers: Record<string, string>
  identity: Buffer
  gzip: Buffer
  brotli: Buffer
  etag: string
  storedAt: number
  bytes: number
  /** Set when one live request is already re-rendering this stale entry. */
  refreshing: boolean
}

export interface PageCacheOptions {
  ttlSeconds: number
  /** How long past its TTL an entry may still be served while one request renders a fresh one. */
  staleSeconds: number
  maxBytes: number
  geo: Geo
  /** Express's compiled `trust proxy` function, so the client address is the one Express sees. */
  trustProxy: (address: string, hop: number) => boolean
  /** Cookies that make a request personal: it is never served from, nor stored in, the cache. */
  personalCookies: string[]
  now?: () => number
}

export interface PageCacheStats {
  hits: number
  misses: number
  stale: number
  bypass: number
  stored: number
  entries: number
  bytes: number
}

/**
 * The rendered-page cache of docs/product.md#performance, in front of Express: anonymous GET
 * pages keyed by path + query (the language is in the path) + device class + China-notice state,
 * stored with precompressed gzip and brotli bodies, single-flight, short TTL with
 * stale-while-revalidate, dropped on content changes, bounded by bytes (LRU). A hit touches neither
 * React, nor the database, nor Express's middleware.
 *
 * A miss is rendered by the real request going through Express, uncompressed, and copied into the
 * cache as it streams; whoever asks for the same key meanwhile waits for that one render.
 */
export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<void>>()
  const deviceClasses = new Map<string, 'm' | 'd'>()
  const now = options.now ?? (() => Date.now())
  const stats: PageCacheStats = { hits: 0, misses: 0, stale: 0, bypass: 0, stored: 0, entries: 0, bytes: 0 }
  let totalBytes = 0
  let generation = 0

  const deviceClass = (userAgent: string): 'm' | 'd' => {
    let value = deviceClasses.get(userAgent)
    if (!value) {
      value = isMobileUserAgent(userAgent) ? 'm' : 'd'
      if (deviceClasses.size > 2000) deviceClasses.clear()
      deviceClasses.set(userAgent, value)
    }
    return value
  }

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    totalBytes -= entry.bytes
  }

  const store = (entry: Entry) => {
    remove(entry.key)
    entries.set(entry.key, entry)
    totalBytes += entry.bytes
    stats.stored++
    // Least recently used first: Map keeps insertion order and a hit re-inserts.
    for (const key of entries.keys()) {
      if (totalBytes <= options.maxBytes) break
      remove(key)
    }
  }

  const keyOf = (req: IncomingMessage, cookies: Record<string, string>): string | null => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    const url = req.url ?? '/'
    const path = url.split('?')[0] ?? '/'
    if (!isCacheablePagePath(path)) return null
    if (options.personalCookies.some((name) => cookies[name])) return null
    const address = proxyAddr(req as Parameters<typeof proxyAddr>[0], options.trustProxy)
    const notice = showsChinaNotice(options.geo.countryOf(address), cookies) ? 'cn' : '-'
    return `${deviceClass(req.headers['user-agent'] ?? '')}|${notice}|${url}`
  }

  // A copy never sets a cookie: it is the same for everyone ("hold the line" item 7); visitors
  // without a token get one from POST /api/token on their first gateway call.
  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'stale') => {
    const headers: Record<string, string | string[]> = { ...entry.headers, 'X-Request-Id': randomUUID(), 'X-Page-Cache': state, ETag: entry.etag }
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers)
      return res.end()
    }
    const accept = String(req.headers['accept-encoding'] ?? '')
    const [body, encoding] = /\bbr\b/.test(accept) ? [entry.brotli, 'br'] : /\bgzip\b/.test(accept) ? [entry.gzip, 'gzip'] : [entry.identity, null]
    if (encoding) headers['Content-Encoding'] = encoding
    headers['Content-Length'] = String(body.length)
    res.writeHead(entry.status, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  /** Lets the real request render through Express; the page renderer hands over the plain HTML. */
  const renderAndStore = (key: string, res: ServerResponse, next: () => void): Promise<void> => {
    const started = generation
    // The copy is as old as the render, not as its compression.
    const renderedAt = now()
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve) => {
      finish = resolve
    })
    let handedOver = false
    ;(res as CapturingResponse)[PAGE_CAPTURE] = (identity: Buffer) => {
      handedOver = true
      void capture(identity).finally(finish)
    }
    // Nothing handed over (not a cacheable page, or the client went away): waiters render for themselves.
    res.on('close', () => {
      if (!handedOver) finish()
    })

    const capture = async (identity: Buffer) => {
      const status = res.statusCode
      if ((status !== 200 && status !== 404) || started !== generation || !identity.length) return
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ])
      // A content change while rendering makes this copy outdated already.
      if (started !== generation) return
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name.toLowerCase())) continue
        headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
      }
      headers.Vary = 'Accept-Encoding, User-Agent'
      store({
        key,
        status,
        headers,
        identity,
        gzip: gzipped,
        brotli,
        etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
        storedAt: renderedAt,
        bytes: identity.length + gzipped.length + brotli.length + key.length * 2,
        refreshing: false,
      })
    }
    next()
    return done
  }

  const parseCookies = (header: string | undefined): Record<string, string> => {
    const cookies: Record<string, string> = {}
    if (!header) return cookies
    for (const part of header.split(';')) {
      const separator = part.indexOf('=')
      if (separator > 0) cookies[part.slice(0, separator).trim()] = part.slice(separator + 1).trim()
    }
    return cookies
  }

  return {
    stats(): PageCacheStats {
      return { ...stats, entries: entries.size, bytes: totalBytes }
    },
    /** Resolves when no render is being copied (tests). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all(inFlight.values())
    },
    /** Drops everything: called when content changes. */
    clear() {
      generation++
      entries.clear()
      totalBytes = 0
    },
    /** Wraps the app: `http.createServer(cache.handler(app))`. */
    handler(app: (req: IncomingMessage, res: ServerResponse) => void) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const cookies = parseCookies(req.headers.cookie)
        // The benchmark measures uncached renders with this header; honoured from loopback only.
        const bypass = req.headers['x-page-cache-bypass'] !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '')
        const key = bypass ? null : keyOf(req, cookies)
        if (!key) {
          stats.bypass++
          return app(req, res)
        }
        const entry = entries.get(key)
        const age = entry ? (now() - entry.storedAt) / 1000 : Number.POSITIVE_INFINITY
        if (entry && age <= options.ttlSeconds) {
          stats.hits++
          entries.delete(key)
          entries.set(key, entry)
          return send(req, res, entry, 'hit')
        }
        if (entry && age <= options.ttlSeconds + options.staleSeconds) {
          // Stale: one request renders a fresh copy; everyone else gets the stale one meanwhile.
          if (entry.refreshing) {
            stats.stale++
            return send(req, res, entry, 'stale')
          }
          entry.refreshing = true
          stats.misses++
          const refresh = renderAndStore(key, res, () => app(req, res)).finally(() => {
            entry.refreshing = false
            inFlight.delete(key)
          })
          inFlight.set(key, refresh)
          return
        }
        const pending = inFlight.get(key)
        if (pending) {
          // Single flight: wait for the render in progress, then serve its copy (or render if it was not cacheable).
          pending.then(() => {
            const fresh = entries.get(key)
            if (fresh) {
              stats.hits++
              send(req, res, fresh, 'hit')
            } else {
              stats.misses++
              app(req, res)
            }
          })
          return
        }
        stats.misses++
        const render = renderAndStore(key, res, () => app(req, res)).finally(() => inFlight.delete(key))
        inFlight.set(key, render)
      }
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>
