import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { cv3, get, seedDemo, visitorToken } from './search-helpers.ts'

// Long strings too: the 30-character cap and the 1,000-character refusal must both be reached.
fc.configureGlobal({ baseSize: 'large' })

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let platform: Platform
let token: string

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  token = await visitorToken(app)
  await resetDatabase(db)
  await seedDemo(db, platform)
})

/** Strings people and scripts send: any Unicode, markup, SQL and the search's own words. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('aldmoor', '资本', '資本', "' or 1=1 --", '<script>', '%', '_', '\\', 'ＡＬＤ', ''),
  fc.string({ maxLength: 1200 }),
)
const anything = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
)

const payloads = {
  search$statisticsHotSearch: fc.record(
    {
      pageSize: fc.oneof(fc.integer({ min: -5, max: 80 }), anything),
      content: anything,
      CountryCode: fc.oneof(fc.constantFrom('US', 'cn', '', 'ZZ'), anything),
      LanguageCode: anything,
      adPtn: anything,
    },
    { requiredKeys: [] },
  ),
  search$checkpinzhuan: fc.record({ content: anything, adPtn: anything }, { requiredKeys: [] }),
  home$rankinghomeClient: fc.record(
    { content: anything, project: anything, type: fc.oneof(fc.constantFrom('recommended', 'rating', 'popular'), anything) },
    { requiredKeys: [] },
  ),
  home$dropdown: fc.record({ content: anything, project: anything, type: fc.oneof(fc.constantFrom('all', 'trader'), anything) }, { requiredKeys: [] }),
  search$results: fc.record({ keyword: anything, page: fc.oneof(fc.integer({ min: -2, max: 25 }), anything), pageSize: anything }, { requiredKeys: [] }),
  search$brokerProfile: fc.record({ traderCode: anything }, { requiredKeys: [] }),
  search$recordChoice: fc.record({ code: anything }, { requiredKeys: [] }),
}

describe('random payloads (fast-check): never a 500', () => {
  for (const [route, arbitrary] of Object.entries(payloads)) {
    it(`when ${route} gets random payloads, then every answer is 200, 400, 404 or 429`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(arbitrary, anything), async (payload) => {
          const response = await cv3(app, route, payload, { token })
          expect([200, 400, 404, 429], JSON.stringify(payload)).toContain(response.status)
          if (response.status === 400) expect(response.body.message).toMatch(/^errors\./)
        }),
        { numRuns: 60 },
      )
    })
  }

  it('when the GET endpoints get random query strings, then every answer is 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('dropdown', 'searchSwitch', 'ranking') as fc.Arbitrary<'dropdown' | 'searchSwitch' | 'ranking'>,
        fc.dictionary(fc.constantFrom('content', 'type', 'limit', 'page', 'pageSize', 'x'), fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String)), {
          maxKeys: 4,
        }),
        async (endpoint, query) => {
          const response = await get(app, endpoint, query)
          expect([200, 400, 429], JSON.stringify(query)).toContain(response.status)
        },
      ),
      { numRuns: 80 },
    )
  })
})
