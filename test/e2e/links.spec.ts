import { crawlLinks } from '../../scripts/crawl-links.ts'
import { ALL_URL_LANGUAGES, DEFAULT_URL_LANGUAGE } from '../../shared/languages.ts'
import { expect, test } from './fixtures.ts'

/**
 * A crawl from each language's home page over the server-rendered pages (what a crawler and a visitor
 * without JavaScript see) finds no broken internal link. Every page of the default language is followed
 * (every broker profile, article, video, exhibition); in the other languages one page of each type
 * (`pageType` in scripts/crawl-links.ts): a page's links are built by the same code in every language, so
 * a link broken in one language shows on any page of its type there.
 * `npm run crawl` still follows every page in every language.
 */
test(`when every page in ${DEFAULT_URL_LANGUAGE} and every page type in each other live language is crawled, then no internal link is broken`, async ({
  baseURL,
}) => {
  test.setTimeout(300_000)
  const result = await crawlLinks(baseURL as string, {
    languages: ALL_URL_LANGUAGES,
    everyPageIn: [DEFAULT_URL_LANGUAGE],
    concurrency: 3,
    // A visitor of its own per language: the crawl must not use up the per-address limits other tests rely on,
    // and one address following every broker's search link would meet the search limit.
    headers: (url) => {
      const lang = new URL(url).pathname.split('/')[1] ?? ''
      return { 'x-forwarded-for': `198.18.0.${100 + Math.max(0, ALL_URL_LANGUAGES.indexOf(lang as (typeof ALL_URL_LANGUAGES)[number]))}` }
    },
  })
  console.info(`crawl: ${result.visited} pages`)
  expect(result.broken).toEqual([])
  // The sample is as wide as the whole crawl: each language reached every type of page the default language has.
  const everyType = result.types[DEFAULT_URL_LANGUAGE] ?? []
  expect(everyType.length).toBeGreaterThan(20)
  for (const language of ALL_URL_LANGUAGES) expect(result.types[language], language).toEqual(everyType)
})
