import { DESKTOP, expect, hydrated, PHONE, test } from './fixtures.ts'

/**
 * The home's JavaScript as a browser receives it (docs/performance.md#goals-and-where-we-stand) (the encoded bodies: brotli, as over https): at most 140 KB
 * before the load event and 200 KB once the page is idle. Response headers are reported beside them (over HTTP/1.1
 * about a third of a kilobyte per file; HTTP/2 compresses them away). Sizes, not times: the figures do not depend on
 * the machine's speed.
 */
const KB = 1024

for (const viewport of [PHONE, DESKTOP]) {
  test(`the home at ${viewport.width} px loads at most 140 KB of JavaScript before its load event and 200 KB in all`, async ({ browser }) => {
    // A fresh context: nothing cached, as on a first visit. Browsers ask for brotli over https; say so over http.
    const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate, br' } })
    const page = await context.newPage()
    const scripts = new Map<string, { body: number; headers: number }>()
    const loadedBeforeLoad = new Set<string>()
    let loaded = false
    page.on('load', () => {
      loaded = true
    })
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return
      const sizes = await request.sizes()
      scripts.set(request.url(), { body: sizes.responseBodySize, headers: sizes.responseHeadersSize })
      if (!loaded) loadedBeforeLoad.add(request.url())
    })
    await page.goto('/en', { waitUntil: 'load' })
    const beforeLoad = [...loadedBeforeLoad].reduce((sum, url) => sum + (scripts.get(url)?.body ?? 0), 0)
    const headersBeforeLoad = [...loadedBeforeLoad].reduce((sum, url) => sum + (scripts.get(url)?.headers ?? 0), 0)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    const all = [...scripts.values()].reduce((sum, size) => sum + size.body, 0)
    test.info().annotations.push({
      type: 'home JavaScript',
      description: `${viewport.width} px: before load ${(beforeLoad / KB).toFixed(1)} KB in ${loadedBeforeLoad.size} files (+${(headersBeforeLoad / KB).toFixed(1)} KB of headers), ${(all / KB).toFixed(1)} KB in ${scripts.size} files once idle`,
    })
    expect(scripts.size).toBeGreaterThan(0)
    expect(beforeLoad / KB, `before load: ${[...loadedBeforeLoad].join(', ')}`).toBeLessThanOrEqual(140)
    expect(all / KB, 'all JavaScript once idle').toBeLessThanOrEqual(200)
    await context.close()
  })
}
