// Follows the internal links from each language's home page and reports the ones that do not answer.
// npm run crawl [-- <base-url>] [--languages=en,zh-cn] [--every-page=en] [--max=N]
// Without --every-page every link in every language is followed; with it, the languages named there
// are followed to every page and the others to one page of each type (see `pageType`).
// The browser tests call `crawlLinks` against the test server (test/e2e/links.spec.ts).
import { ALL_URL_LANGUAGES } from '../shared/languages.ts'

export interface BrokenLink {
  url: string
  status: number
  /** The first page that linked to it. */
  from: string
}

export interface CrawlResult {
  visited: number
  broken: BrokenLink[]
  /** The page types visited (or, past maxPages, queued) under each first path segment: a language, or `login` and the like. */
  types: Record<string, string[]>
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

/**
 * The kind of page an address shows, the same in every language: its path without the language, with
 * each segment that holds a digit (an id, a trader code, an exhibition's number) as `:id`, and the
 * names of its query parameters. `/zh/dealer/0085945571.html` and `/en/dealer/0202056867.html` are
 * both `dealer/:id.html`; `/en/video.html?v=3&page=2` is `video.html?page&v`.
 */
export function pageType(url: URL): string {
  const path = url.pathname
    .split('/')
    .slice(2)
    .map((segment) => segment.replace(/^[^.]*\d[^.]*/, ':id'))
    .join('/')
  const names = [...new Set(url.searchParams.keys())].sort()
  return names.length ? `${path}?${names.join('&')}` : path
}

const languageOf = (url: URL) => url.pathname.split('/')[1] ?? ''

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
    /**
     * Languages crawled to every page. When given, the other languages (and paths outside the
     * languages, such as the login page) are crawled to one page of each type: the first found in
     * them, and for each type found in these languages and not in theirs, the same address in theirs.
     * Without it every language is crawled to every page.
     */
    everyPageIn?: readonly string[]
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
  /** Page types visited or queued, by first path segment, and one address of each type in a language crawled whole. */
  const types = new Map<string, Set<string>>()
  const examples = new Map<string, URL>()
  const typeSeen = (group: string, type: string) => {
    const known = types.get(group) ?? new Set<string>()
    types.set(group, known)
    const had = known.has(type)
    known.add(type)
    return had
  }
  const whole = (group: string) => !options.everyPageIn || options.everyPageIn.includes(group)
  const enqueue = (url: URL, from: string) => {
    if (seen.has(url.href)) return
    const group = languageOf(url)
    const type = pageType(url)
    if (typeSeen(group, type) && !whole(group)) return
    if (whole(group) && !examples.has(type)) examples.set(type, url)
    seen.set(url.href, from)
    queue.push(url)
  }
  for (const language of languages) enqueue(new URL(`/${language}`, base), base)
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
      for (const link of linksOf(await response.text(), finalUrl)) enqueue(link, url.href)
    }
  }
  const crawl = async () => {
    // Workers stop when the queue is momentarily empty; go round until nothing new was found.
    while (queue.length && visited < maxPages) await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  }
  await crawl()
  // A type the whole crawl found that a sampled language's own links did not lead to: the same address in that language.
  for (let added = true; added && visited < maxPages; ) {
    added = false
    for (const language of languages) {
      if (whole(language)) continue
      for (const [type, example] of examples) {
        if (types.get(language)?.has(type)) continue
        const url = new URL(example)
        url.pathname = url.pathname.replace(/^\/[^/]+/, `/${language}`)
        enqueue(url, `${example.href} (the same page type in ${languageOf(example)})`)
        added = true
      }
    }
    await crawl()
  }
  return { visited, broken, types: Object.fromEntries([...types].map(([group, found]) => [group, [...found].sort()])) }
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const base = args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3000'
  const languages = args
    .find((arg) => arg.startsWith('--languages='))
    ?.slice(12)
    .split(',')
  const everyPageIn = args
    .find((arg) => arg.startsWith('--every-page='))
    ?.slice(13)
    .split(',')
  const max = args.find((arg) => arg.startsWith('--max='))
  const result = await crawlLinks(base, {
    ...(languages ? { languages } : {}),
    ...(everyPageIn ? { everyPageIn } : {}),
    ...(max ? { maxPages: Number(max.slice(6)) } : {}),
  })
  console.log(`${result.visited} pages visited, ${result.broken.length} broken links`)
  for (const link of result.broken) console.log(`${link.status} ${link.url}  (linked from ${link.from})`)
  process.exitCode = result.broken.length ? 1 : 0
}
