import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib'
import proxyAddr from 'proxy-addr'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import { queryParamsOfPath } from '../../shared/query-params.ts'
import type { Geo } from '../geo/geo.ts'
import { showsChinaNotice } from './china-notice.ts'
import { isMobileUserAgent } from './device.ts'
import { memoize } from './memo.ts'
import { isCacheablePagePath } from './paths.ts'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

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

type Encoding = 'br' | 'gzip'

/**
 * What a miss may spend on compression: no more than the compression middleware spends on any
 * dynamic response. The best bodies (brotli 10, gzip 9: a few milliseconds of CPU for a 60 KB page)
 * are made later, off the request path, for copies that are asked for again.
 */
const FAST: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
}
const BEST: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipAsync(body, { level: 9 }),
}
/** Copies waiting for their best bodies; past this, a copy waits for its next hit to ask again. */
const MAX_RECOMPRESS_BACKLOG = 32
/** Default cap on the copies of one path (query variants × device × China notice). */
const DEFAULT_MAX_VARIANTS = 64

interface Body {
  data: Buffer
  best: boolean
}

interface Entry {
  key: string
  /** The path the copy belongs to, for the cap on variants. */
  path: string
  status: number
  /** The stored headers as a flat list, ready for `writeHead`: built once, not per hit. */
  headers: string[]
  identity: Buffer
  bodies: Partial<Record<Encoding, Body>>
  etag: string
  storedAt: number
  bytes: number
  /** Set when one live request is already re-rendering this stale entry. */
  refreshing: boolean
  /** Queued for (or getting) its best bodies. */
  recompressing: boolean
}

export interface PageCacheOptions {
  ttlSeconds: number
  /** How long past its TTL an entry may still be served while one request renders a fresh one. */
  staleSeconds: number
  maxBytes: number
  /** How many copies of one path may live at once; the least recently used one goes first. */
  maxVariantsPerPath?: number
  geo: Geo
  /** Express's compiled `trust proxy` function, so the client address is the one Express sees. */
  trustProxy: (address: string, hop: number) => boolean
  /** Cookies that make a request personal: it is never served from, nor stored in, the cache. */
  personalCookies: string[]
  /** The live URL languages: only a page under one of them renders (others redirect with their query). */
  languages: readonly string[]
  /** Told when a path reaches its cap on variants (at most once a minute per path). */
  onVariantCap?: (path: string) => void
  now?: () => number
}

export interface PageCacheStats {
  hits: number
  misses: number
  stale: number
  bypass: number
  stored: number
  /** Copies dropped because their path reached its cap on variants. */
  capped: number
  /** Best bodies made off the request path. */
  recompressed: number
  entries: number
  bytes: number
}

/** Matching a path against every route is a few dozen regexes; paths repeat. */
const declaredParams = memoize(5000, queryParamsOfPath)

/**
 * The URL a page is keyed and rendered by: its path and only the query parameters it reads
 * (shared/query-params.ts), in the declared order, so tracking parameters and anything else
 * unread share one copy. `'any'` pages keep their query as it came.
 */
export function pageUrlOf(path: string, query: string): string {
  if (!query) return path
  const declared = declaredParams(path)
  if (declared === 'any') return `${path}?${query}`
  if (!declared.length) return path
  const given = new URLSearchParams(query)
  const kept = new URLSearchParams()
  for (const name of declared) for (const value of given.getAll(name)) kept.append(name, value)
  const text = kept.toString()
  return text ? `${path}?${text}` : path
}

function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0) cookies[part.slice(0, separator).trim()] = part.slice(separator + 1).trim()
  }
  return cookies
}

/**
 * The rendered-page cache of docs/product.md#performance, in front of Express: anonymous GET
 * pages keyed by path + the query parameters the page reads (the language is in the path) + device
 * class + China-notice state, single-flight, short TTL with stale-while-revalidate, dropped on
 * content changes, bounded by bytes (LRU) and by copies per path. A hit touches neither React, nor
 * the database, nor Express's middleware.
 *
 * A miss is rendered by the real request going through Express, uncompressed, and copied into the
 * cache as it streams; whoever asks for the same key meanwhile waits for that one render. A copy is
 * compressed cheaply for the first visitor who accepts brotli or gzip, and at the best quality in the
 * background once it is asked for again.
 *
 * The cache is per process: two instances each keep their own copies, and each hears content
 * changes from the platform (docs/decisions/0003-page-cache.md).
 */
export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<void>>()
  const variants = new Map<string, number>()
  const cappedAt = new Map<string, number>()
  const recompressQueue: Entry[] = []
  let recompressing = false
  const now = options.now ?? (() => Date.now())
  const maxVariants = options.maxVariantsPerPath ?? DEFAULT_MAX_VARIANTS
  const stats = { hits: 0, misses: 0, stale: 0, bypass: 0, stored: 0, capped: 0, recompressed: 0 }
  const languages = new Set(options.languages)
  const keyCookies = [...options.personalCookies, COOKIES.chinaPass]
  let totalBytes = 0
  let generation = 0

  // Whether a path is cached, and whether it renders (its first segment a live language, so no
  // language redirect), depend on the path alone.
  const cacheablePath = memoize(5000, isCacheablePagePath)
  const renderedPath = memoize(5000, (path: string) => {
    const slash = path.indexOf('/', 1)
    return languages.has(slash > 0 ? path.slice(1, slash) : path.slice(1))
  })
  // Which country a client is in only depends on the socket address and the forwarded chain.
  const countryOf = memoize(10_000, (hops: string) => {
    const [remoteAddress, forwarded] = hops.split('\n')
    const fake = { headers: forwarded ? { 'x-forwarded-for': forwarded } : {}, connection: { remoteAddress }, socket: { remoteAddress } }
    return options.geo.countryOf(proxyAddr(fake as unknown as Parameters<typeof proxyAddr>[0], options.trustProxy))
  })

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    totalBytes -= entry.bytes
    const count = (variants.get(entry.path) ?? 1) - 1
    if (count > 0) variants.set(entry.path, count)
    else variants.delete(entry.path)
  }

  const shrink = () => {
    // Least recently used first: Map keeps insertion order and a hit re-inserts.
    for (const key of entries.keys()) {
      if (totalBytes <= options.maxBytes) break
      remove(key)
    }
  }

  const capVariants = (path: string) => {
    if ((variants.get(path) ?? 0) < maxVariants) return
    for (const [key, entry] of entries) {
      if (entry.path !== path) continue
      remove(key)
      stats.capped++
      break
    }
    const last = cappedAt.get(path) ?? Number.NEGATIVE_INFINITY
    if (now() - last >= 60_000) {
      if (cappedAt.size > 1000) cappedAt.clear()
      cappedAt.set(path, now())
      options.onVariantCap?.(path)
    }
  }

  const store = (entry: Entry) => {
    remove(entry.key)
    capVariants(entry.path)
    entries.set(entry.key, entry)
    variants.set(entry.path, (variants.get(entry.path) ?? 0) + 1)
    totalBytes += entry.bytes
    stats.stored++
    shrink()
  }

  const addBody = (entry: Entry, encoding: Encoding, body: Body) => {
    const before = entry.bodies[encoding]?.data.length ?? 0
    entry.bodies[encoding] = body
    entry.bytes += body.data.length - before
    if (entries.get(entry.key) === entry) {
      totalBytes += body.data.length - before
      shrink()
    }
  }

  /** One copy at a time, on the thread pool, between requests. */
  const recompressNext = async () => {
    if (recompressing) return
    recompressing = true
    try {
      for (let entry = recompressQueue.shift(); entry; entry = recompressQueue.shift()) {
        const started = generation
        for (const encoding of Object.keys(entry.bodies) as Encoding[]) {
          if (entry.bodies[encoding]?.best) continue
          const data = await BEST[encoding](entry.identity)
          // Dropped, replaced or outdated meanwhile: nobody will be sent this.
          if (started !== generation || entries.get(entry.key) !== entry) break
          addBody(entry, encoding, { data, best: true })
          stats.recompressed++
        }
        entry.recompressing = false
      }
    } finally {
      recompressing = false
    }
  }

  const askForBest = (entry: Entry) => {
    if (entry.recompressing || recompressQueue.length >= MAX_RECOMPRESS_BACKLOG) return
    entry.recompressing = true
    recompressQueue.push(entry)
    setImmediate(recompressNext)
  }

  const bodyFor = (entry: Entry, encoding: Encoding): Buffer => {
    const known = entry.bodies[encoding]
    if (known) {
      if (!known.best) askForBest(entry)
      return known.data
    }
    const data = FAST[encoding](entry.identity)
    addBody(entry, encoding, { data, best: false })
    return data
  }

  // A copy never sets a cookie: it is the same for everyone; visitors without a token get one from
  // POST /api/token on their first gateway call (docs/decisions/0007-metrics-shutdown-and-shared-cache-cookies.md#no-cookie-next-to-s-maxage).
  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'stale') => {
    const headers = [...entry.headers, 'X-Request-Id', randomUUID(), 'X-Page-Cache', state]
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers)
      return res.end()
    }
    const accept = req.headers['accept-encoding'] ?? ''
    const encoding: Encoding | null = accept.includes('br') && /\bbr\b/.test(accept) ? 'br' : accept.includes('gzip') && /\bgzip\b/.test(accept) ? 'gzip' : null
    const body = encoding ? bodyFor(entry, encoding) : entry.identity
    if (encoding) headers.push('Content-Encoding', encoding)
    headers.push('Content-Length', String(body.length))
    res.writeHead(entry.status, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  /** Lets the real request render through Express; the page renderer hands over the plain HTML. */
  const renderAndStore = (key: string, path: string, res: ServerResponse, next: () => void): Promise<void> => {
    const started = generation
    // The copy is as old as the render.
    const renderedAt = now()
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve) => {
      finish = resolve
    })
    ;(res as CapturingResponse)[PAGE_CAPTURE] = (identity: Buffer) => {
      capture(identity)
      finish()
    }
    // Nothing handed over (not a cacheable page, or the client went away): waiters render for themselves.
    res.on('close', finish)

    const capture = (identity: Buffer) => {
      const status = res.statusCode
      // A content change while rendering makes this copy outdated already.
      if ((status !== 200 && status !== 404) || started !== generation || !identity.length) return
      const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`
      const headers: string[] = []
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name.toLowerCase())) continue
        headers.push(name, Array.isArray(value) ? value.join(', ') : String(value))
      }
      headers.push('Vary', 'Accept-Encoding, User-Agent', 'ETag', etag)
      store({
        key,
        path,
        status,
        headers,
        identity,
        bodies: {},
        etag,
        storedAt: renderedAt,
        bytes: identity.length + key.length * 2,
        refreshing: false,
        recompressing: false,
      })
    }
    next()
    return done
  }

  return {
    stats(): PageCacheStats {
      return { ...stats, entries: entries.size, bytes: totalBytes }
    },
    /** Resolves when no render is being copied and no copy is being recompressed (tests). */
    async idle(): Promise<void> {
      while (inFlight.size || recompressing || recompressQueue.length) {
        await Promise.all(inFlight.values())
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
    /** Drops everything: called when content changes. */
    clear() {
      generation++
      entries.clear()
      variants.clear()
      recompressQueue.length = 0
      totalBytes = 0
    },
    /** Wraps the app: `http.createServer(cache.handler(app))`. */
    handler(app: (req: IncomingMessage, res: ServerResponse) => void) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const key = keyOf(req)
        if (!key) {
          stats.bypass++
          return app(req, res)
        }
        const entry = entries.get(key.key)
        const age = entry ? (now() - entry.storedAt) / 1000 : Number.POSITIVE_INFINITY
        if (entry && age <= options.ttlSeconds) {
          stats.hits++
          entries.delete(key.key)
          entries.set(key.key, entry)
          return send(req, res, entry, 'hit')
        }
        // Whatever renders now renders the page the key stands for, never the parameters it drops.
        // Only under a live language: anything else redirects, and a redirect keeps the whole query.
        if (key.url !== req.url && renderedPath(key.path)) req.url = key.url
        if (entry && age <= options.ttlSeconds + options.staleSeconds) {
          // Stale: one request renders a fresh copy; everyone else gets the stale one meanwhile.
          if (entry.refreshing) {
            stats.stale++
            return send(req, res, entry, 'stale')
          }
          entry.refreshing = true
          stats.misses++
          const refresh = renderAndStore(key.key, key.path, res, () => app(req, res)).finally(() => {
            entry.refreshing = false
            inFlight.delete(key.key)
          })
          inFlight.set(key.key, refresh)
          return
        }
        const pending = inFlight.get(key.key)
        if (pending) {
          // Single flight: wait for the render in progress, then serve its copy (or render if it was not cacheable).
          pending.then(() => {
            const fresh = entries.get(key.key)
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
        const render = renderAndStore(key.key, key.path, res, () => app(req, res)).finally(() => inFlight.delete(key.key))
        inFlight.set(key.key, render)
      }
    },
  }

  function keyOf(req: IncomingMessage): { key: string; path: string; url: string } | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    const url = req.url ?? '/'
    const queryStart = url.indexOf('?')
    const path = queryStart >= 0 ? url.slice(0, queryStart) : url
    if (!cacheablePath(path)) return null
    // The benchmark measures uncached renders with this header; honoured from loopback only.
    if (req.headers['x-page-cache-bypass'] !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '')) return null
    // Only two cookies matter here; most visitors carry neither, and then nothing is parsed.
    const cookieHeader = req.headers.cookie
    const cookies = cookieHeader && keyCookies.some((name) => cookieHeader.includes(name)) ? parseCookies(cookieHeader) : undefined
    if (cookies && options.personalCookies.some((name) => cookies[name])) return null
    const forwarded = req.headers['x-forwarded-for']
    const geo = countryOf(`${req.socket.remoteAddress ?? ''}\n${Array.isArray(forwarded) ? forwarded.join(', ') : (forwarded ?? '')}`)
    const notice = showsChinaNotice(geo, cookies) ? 'cn' : '-'
    const pageUrl = queryStart >= 0 ? pageUrlOf(path, url.slice(queryStart + 1)) : path
    return { key: `${isMobileUserAgent(req.headers['user-agent']) ? 'm' : 'd'}|${notice}|${pageUrl}`, path, url: pageUrl }
  }
}

export type PageCache = ReturnType<typeof createPageCache>
