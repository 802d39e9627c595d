// Follows every internal link from each language's home page and reports the ones that do not answer.
// npm run crawl [-- <base-url>] [--languages=en,zh-cn] [--max=N]
// The browser tests call `crawlLinks` against the test server (no broken internal link).
import { ALL_URL_LANGUAGES } from '../src/i18n/languages.ts'

export interface BrokenLink {
  url: string
  status: number
  /** The first page that linked to it. */
  from: string
}

export interface CrawlResult {
  visited: number
  broken: BrokenLink[]
}

/**
 * Paths that are not pages: the payment sandbox needs a secret, API endpoints need a token, and
 * downloads and assets are checked by their own tests.
 */
const NOT_PAGES = [
  /^\/pay\//,
  /^\/api\//,
  /^\/wikifxweb-v1\//,
  /^\/assets\//,
  /^\/flags\//,
  /^\/demo\//,
  /^\/HealthCheck\//,
  /\.(?:css|js|png|jpe?g|webp|svg|ico|pdf|m3u8|mp4|xml|txt)$/,
]

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' }

function linksOf(html: string, pageUrl: URL): URL[] {
  const found: URL[] = []
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    const raw = (match[1] ?? '').replace(/&(?:amp|quot|#39|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
    if (!raw || raw.startsWith('#') || /^(?:mailto|tel|javascript|data):/i.test(raw)) continue
    let url: URL
    try {
      url = new URL(raw, pageUrl)
    } catch {
      continue
    }
    if (url.origin !== pageUrl.origin || NOT_PAGES.some((pattern) => pattern.test(url.pathname))) continue
    url.hash = ''
    found.push(url)
  }
  return found
}

export async function crawlLinks(
  base: string,
  options: {
    languages?: readonly string[]
    maxPages?: number
    concurrency?: number
    /** Request headers, or a function of the URL that gives them (a client address per language, say). */
    headers?: Record<string, string> | ((url: string) => Record<string, string>)
  } = {},
): Promise<CrawlResult> {
  const languages = options.languages ?? ALL_URL_LANGUAGES
  const maxPages = options.maxPages ?? 20_000
  const seen = new Map<string, string>()
  const queue: URL[] = []
  const broken: BrokenLink[] = []
  for (const language of languages) {
    const start = new URL(`/${language}`, base)
    seen.set(start.href, base)
    queue.push(start)
  }
  let visited = 0
  const worker = async () => {
    for (;;) {
      const url = queue.shift()
      if (!url) return
      if (visited >= maxPages) return
      visited++
      let response: Response
      try {
        const extra = typeof options.headers === 'function' ? options.headers(url.href) : options.headers
        response = await fetch(url, { headers: { 'accept-language': 'en', ...extra }, redirect: 'follow' })
      } catch {
        broken.push({ url: url.href, status: 0, from: seen.get(url.href) ?? '' })
        continue
      }
      if (response.status >= 400) {
        broken.push({ url: url.href, status: response.status, from: seen.get(url.href) ?? '' })
        await response.body?.cancel()
        continue
      }
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) {
        await response.body?.cancel()
        continue
      }
      const finalUrl = new URL(response.url)
      for (const link of linksOf(await response.text(), finalUrl)) {
        if (seen.has(link.href)) continue
        seen.set(link.href, url.href)
        queue.push(link)
      }
    }
  }
  // Workers stop when the queue is momentarily empty; go round until nothing new was found.
  while (queue.length && visited < maxPages) await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  return { visited, broken }
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const base = args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3000'
  const languages = args
    .find((arg) => arg.startsWith('--languages='))
    ?.slice(12)
    .split(',')
  const max = args.find((arg) => arg.startsWith('--max='))
  const result = await crawlLinks(base, { ...(languages ? { languages } : {}), ...(max ? { maxPages: Number(max.slice(6)) } : {}) })
  console.log(`${result.visited} pages visited, ${result.broken.length} broken links`)
  for (const link of result.broken) console.log(`${link.status} ${link.url}  (linked from ${link.from})`)
  process.exitCode = result.broken.length ? 1 : 0
}
