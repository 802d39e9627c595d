import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { createGeo } from '../geo/geo.ts'
import { createPageCache, pageCaptureOf, type PageCacheOptions, pageUrlOf } from './page-cache.ts'

/** A page the size of a real one, so compression has something to do. */
const pageFor = (url: string) => `<!doctype html><html><body><p>${url}</p>${'<div class="card">exhibition</div>'.repeat(2000)}</body></html>`

let server: Server | undefined
afterEach(() => {
  server?.close()
  server = undefined
})

/**
 * The cache in front of a stand-in for Express that renders `pageFor(url)` and hands it over like
 * the page renderer does; `hold` keeps a render open until released.
 */
async function start(overrides: Partial<PageCacheOptions> = {}) {
  let clock = 1_000_000
  const rendered: string[] = []
  const holds: Array<() => void> = []
  let hold = false
  const cache = createPageCache({
    ttlSeconds: 30,
    staleSeconds: 300,
    maxBytes: 64 * 1024 * 1024,
    geo: createGeo({ lookup: () => 'DE' }),
    trustProxy: () => false,
    personalCookies: ['login'],
    languages: ['en', 'ja'],
    now: () => clock,
    ...overrides,
  })
  const app = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/'
    rendered.push(url)
    const finish = () => {
      const html = Buffer.from(pageFor(url))
      res.statusCode = 200
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      pageCaptureOf(res)?.(html)
      res.end(html)
    }
    if (hold) holds.push(finish)
    else finish()
  }
  server = createServer(cache.handler(app))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    cache,
    rendered,
    get: (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers }),
    advance: (ms: number) => {
      clock += ms
    },
    holdRenders: (value: boolean) => {
      hold = value
    },
    release: () => {
      for (const finish of holds.splice(0)) finish()
    },
  }
}

describe('page cache keys', () => {
  it('when a page is asked with tracking or unread parameters, then they share the plain copy and the render never sees them', async () => {
    const site = await start()
    await site.get('/en?utm_source=newsletter&utm_medium=email&fbclid=abc')
    const again = await site.get('/en?x=123&gclid=9')
    expect(again.headers.get('x-page-cache')).toBe('hit')
    expect(site.rendered).toEqual(['/en'])
    expect(site.cache.stats().entries).toBe(1)
  })

  it('when a page reads a parameter, then each value has its copy', async () => {
    const site = await start()
    await site.get('/en/search.html?keyword=forex&utm_source=x')
    await site.get('/en/search.html?keyword=gold')
    expect((await site.get('/en/search.html?utm_campaign=y&keyword=forex')).headers.get('x-page-cache')).toBe('hit')
    expect(site.rendered).toEqual(['/en/search.html?keyword=forex', '/en/search.html?keyword=gold'])
  })

  it('when a path is not under a live language, then its query reaches the app untouched (the language redirect keeps it)', async () => {
    const site = await start()
    await site.get('/fr?utm_source=x')
    expect(site.rendered).toEqual(['/fr?utm_source=x'])
  })

  it('when one path gathers more copies than its cap, then the least recently used ones make way, and it is told once', async () => {
    const capped: string[] = []
    const site = await start({ maxVariantsPerPath: 3, onVariantCap: (path) => capped.push(path) })
    for (const keyword of ['a', 'b', 'c']) await site.get(`/en/search.html?keyword=${keyword}`)
    await site.get('/en/search.html?keyword=a')
    for (const keyword of ['d', 'e']) await site.get(`/en/search.html?keyword=${keyword}`)
    expect(site.cache.stats().entries).toBe(3)
    expect(site.cache.stats().capped).toBe(2)
    expect(capped).toEqual(['/en/search.html'])
    expect((await site.get('/en/search.html?keyword=a')).headers.get('x-page-cache')).toBe('hit')
    expect((await site.get('/en/search.html?keyword=b')).headers.get('x-page-cache')).toBeNull()
  })
})

describe('page cache bodies', () => {
  it('when copies are asked for in brotli, gzip or neither, then each decodes to the page, first cheaply made and then at the best quality', async () => {
    const site = await start()
    const html = pageFor('/en')
    await site.get('/en')
    const first = await site.get('/en', { 'accept-encoding': 'gzip, deflate, br' })
    expect(first.headers.get('content-encoding')).toBe('br')
    const fast = Buffer.from(await (await site.get('/en', { 'accept-encoding': 'br' })).arrayBuffer())
    await site.cache.idle()
    expect(site.cache.stats().recompressed).toBe(1)
    // fetch decodes for us; the raw bodies are checked through node:zlib below.
    expect(await first.text()).toBe(html)
    const best = await site.get('/en', { 'accept-encoding': 'br' })
    expect(await best.text()).toBe(html)
    expect(Number(best.headers.get('content-length'))).toBeLessThanOrEqual(fast.length)
    const gzipped = await site.get('/en', { 'accept-encoding': 'gzip' })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(await gzipped.text()).toBe(html)
    const plain = await site.get('/en', { 'accept-encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(html)
  })

  it('when the raw compressed bodies are decoded, then both qualities of both encodings give the page back', async () => {
    const site = await start()
    const html = pageFor('/ja')
    await site.get('/ja')
    const raw = async (encoding: string) => {
      const address = server?.address() as AddressInfo
      return new Promise<Buffer>((resolve, reject) => {
        request({ host: '127.0.0.1', port: address.port, path: '/ja', headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve(Buffer.concat(chunks)))
        })
          .on('error', reject)
          .end()
      })
    }
    expect(brotliDecompressSync(await raw('br')).toString()).toBe(html)
    expect(gunzipSync(await raw('gzip')).toString()).toBe(html)
    // Asked again: the best bodies are made in the background.
    await raw('br')
    await site.cache.idle()
    expect(brotliDecompressSync(await raw('br')).toString()).toBe(html)
    expect(gunzipSync(await raw('gzip')).toString()).toBe(html)
    expect(site.cache.stats().recompressed).toBe(2)
  })

  it('when the TTL has passed, then one request renders while the stale copy serves others', async () => {
    const site = await start()
    await site.get('/en')
    site.advance(31_000)
    site.holdRenders(true)
    const refreshing = site.get('/en')
    while (site.rendered.length < 2) await new Promise((resolve) => setImmediate(resolve))
    expect((await site.get('/en')).headers.get('x-page-cache')).toBe('stale')
    site.release()
    expect((await refreshing).headers.get('x-page-cache')).toBeNull()
    site.holdRenders(false)
    expect((await site.get('/en')).headers.get('x-page-cache')).toBe('hit')
    expect(site.rendered).toEqual(['/en', '/en'])
  })
})

describe('the URL a page is keyed and rendered by', () => {
  it('when the query holds only tracking or unread parameters, then the bare path', () => {
    expect(pageUrlOf('/en', 'utm_source=newsletter&utm_medium=email&fbclid=abc')).toBe('/en')
    expect(pageUrlOf('/en', 'x=1')).toBe('/en')
    expect(pageUrlOf('/en/exhibition/news.html', 'gclid=1&_ga=2')).toBe('/en/exhibition/news.html')
  })

  it('when the page reads some of them, then those alone, in the declared order, every value kept', () => {
    expect(pageUrlOf('/en/search.html', 'utm_source=x&page=2&keyword=forex')).toBe('/en/search.html?keyword=forex&page=2')
    expect(pageUrlOf('/en/exhibition/news.html', 'tag=a&tag=b&fbclid=z')).toBe('/en/exhibition/news.html?tag=a&tag=b')
    expect(pageUrlOf('/en/search.html', 'keyword=a%20b')).toBe('/en/search.html?keyword=a+b')
  })

  it('when the page takes its whole query (a redirect, a personal page), then the query as it came', () => {
    expect(pageUrlOf('/en/apply/payment', 'order=1&utm_source=x')).toBe('/en/apply/payment?order=1&utm_source=x')
  })
})
