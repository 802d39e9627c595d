import { crawlLinks } from '../../scripts/crawl-links.ts'
import { ALL_URL_LANGUAGES } from '../../src/i18n/languages.ts'
import { expect, test } from './fixtures.ts'

/**
 * No broken internal link: a crawl from each language's home page, following every internal link of the server-rendered
 * pages (what a crawler and a visitor without JavaScript see), finds no broken internal link.
 */
test('when every internal link from every live language is followed, then none is broken', async ({ baseURL }) => {
  test.setTimeout(600_000)
  const result = await crawlLinks(baseURL as string, {
    languages: ALL_URL_LANGUAGES,
    concurrency: 3,
    // A visitor of its own per language: the crawl must not use up the per-address limits other tests rely on,
    // and one address following every broker's search link in all twelve languages would meet the search limit.
    headers: (url) => {
      const lang = new URL(url).pathname.split('/')[1] ?? ''
      return { 'x-forwarded-for': `198.18.0.${100 + Math.max(0, ALL_URL_LANGUAGES.indexOf(lang as (typeof ALL_URL_LANGUAGES)[number]))}` }
    },
  })
  console.info(`crawl: ${result.visited} pages`)
  expect(result.visited).toBeGreaterThan(ALL_URL_LANGUAGES.length * 10)
  expect(result.broken).toEqual([])
})
