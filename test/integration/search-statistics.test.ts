import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { addHotScore } from '../../server/platform/search/statistics.repo.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { broker, cv3, directoryOf, seedDemo, someIp, visitorToken } from './search-helpers.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let platform: Platform
let token: string

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  token = await visitorToken(app)
})

beforeEach(async () => {
  await resetDatabase(db)
})

/** A private address has no country: without CountryCode, the worldwide list. */
const hot = async (body: Record<string, unknown> = {}, locale = 'en') => {
  const response = await cv3(
    app,
    'search$statisticsHotSearch',
    { pageSize: 15, content: '', CountryCode: '', LanguageCode: '', adPtn: '', ...body },
    { token, locale, ip: '10.1.2.3' },
  )
  expect(response.status).toBe(200)
  return response.body.data as Array<{ code: string; showName: string }>
}

const search = (content: string, ip = someIp()) => cv3(app, 'search$checkpinzhuan', { content, adPtn: '' }, { token, ip })

describe('search$statisticsHotSearch (docs/product.md#functions)', () => {
  it('when the demo directory is seeded, then 15 hot searches come, named in the requested language', async () => {
    await seedDemo(db, platform)
    const english = await hot()
    expect(english).toHaveLength(15)
    expect(new Set(english.map((item) => item.code)).size).toBe(15)
    const chinese = await hot({ LanguageCode: 'zh-CN' })
    expect(chinese.map((item) => item.code)).toEqual(english.map((item) => item.code))
    expect(chinese.every((item) => /[\u4e00-\u9fff]/.test(item.showName))).toBe(true)
    const headerOnly = await hot({}, 'zh-tw')
    expect(headerOnly.map((item) => item.code)).toEqual(english.map((item) => item.code))
    expect(await hot({ pageSize: 5 })).toEqual(english.slice(0, 5))
  })

  it('when people search for brokers, then the hot searches follow what they search', async () => {
    await directoryOf(db, platform, [
      broker({ code: 'H1', nameEn: 'Harbour One' }),
      broker({ code: 'H2', nameEn: 'Harbour Two', aliases: ['HT Markets'] }),
      broker({ code: 'H3', nameEn: 'Harbour Three' }),
    ])
    expect(await hot()).toEqual([])
    expect((await search('harbour one')).body.data).toEqual({ adFlag: false })
    expect((await hot()).map((item) => item.code)).toEqual(['H1'])
    // Searching by an alias or code counts for the broker; three people searched for H2.
    await search('HT Markets')
    await search('ht markets')
    await search('h2')
    expect((await hot()).map((item) => item.code)).toEqual(['H2', 'H1'])
    expect((await hot()).map((item) => item.showName)).toEqual(['Harbour Two', 'Harbour One'])
  })

  it('when a text names no broker exactly, then nothing is counted (free text is never published)', async () => {
    await directoryOf(db, platform, [broker({ code: 'H1', nameEn: 'Harbour One' })])
    await search('harbour')
    await search('<b>buy now</b>')
    expect(await hot()).toEqual([])
  })

  it('when one address searches the same broker again and again, then it counts once', async () => {
    await directoryOf(db, platform, [broker({ code: 'H1', nameEn: 'Harbour One' }), broker({ code: 'H2', nameEn: 'Harbour Two' })])
    const spammer = someIp()
    for (let index = 0; index < 5; index += 1) await search('Harbour One', spammer)
    await search('Harbour Two')
    await search('Harbour Two')
    expect((await hot()).map((item) => item.code)).toEqual(['H2', 'H1'])
  })

  it('when a broker is picked in the search box, then it counts like a search; an unknown code is 404', async () => {
    await directoryOf(db, platform, [broker({ code: 'H1', nameEn: 'Harbour One' })])
    const ip = someIp()
    expect((await cv3(app, 'search$recordChoice', { code: 'H1' }, { token, ip })).body.data).toEqual({ recorded: true })
    expect((await cv3(app, 'search$recordChoice', { code: 'H1' }, { token, ip })).body.data).toEqual({ recorded: false })
    expect((await hot()).map((item) => item.code)).toEqual(['H1'])
    expect((await cv3(app, 'search$recordChoice', { code: 'NOPE' }, { token })).status).toBe(404)
    expect((await cv3(app, 'search$recordChoice', { code: 'h1; drop' }, { token })).status).toBe(400)
  })

  it("when the visitor's country searches a broker, then it ranks higher there than worldwide", async () => {
    await directoryOf(db, platform, [broker({ code: 'H1', nameEn: 'Harbour One' }), broker({ code: 'H2', nameEn: 'Harbour Two' })])
    const [one, two] = (await db.query<{ id: number }>("select id from search_brokers where code in ('H1', 'H2') order by code")).rows
    await addHotScore(db, one?.id as number, '', 10)
    await addHotScore(db, two?.id as number, '', 6)
    // 8.8.8.8 is in the United States.
    for (let index = 0; index < 3; index += 1) await search('Harbour Two', `8.8.8.${index + 1}`)
    expect((await hot()).map((item) => item.code)).toEqual(['H1', 'H2'])
    expect((await hot({ CountryCode: 'US' })).map((item) => item.code)).toEqual(['H2', 'H1'])
    expect((await hot({ CountryCode: 'us' })).map((item) => item.code)).toEqual(['H2', 'H1'])
  })

  it('when counts grow old, then they weigh less: a week-old count is worth half', async () => {
    await directoryOf(db, platform, [broker({ code: 'H1', nameEn: 'Harbour One' }), broker({ code: 'H2', nameEn: 'Harbour Two' })])
    const [one, two] = (await db.query<{ id: number }>("select id from search_brokers where code in ('H1', 'H2') order by code")).rows
    const weekAgo = Date.now() - 7.5 * 86_400_000
    await addHotScore(db, one?.id as number, '', 10, weekAgo)
    await addHotScore(db, two?.id as number, '', 6)
    expect((await hot()).map((item) => item.code)).toEqual(['H2', 'H1'])
  })

  it('when content is given, then only hot searches containing it come', async () => {
    await seedDemo(db, platform)
    const all = await hot({ pageSize: 50 })
    const word = all[0]?.showName.split(' ')[0] as string
    const filtered = await hot({ content: word, pageSize: 50 })
    expect(filtered.length).toBeGreaterThan(0)
    expect(filtered.every((item) => item.showName.toLowerCase().includes(word.toLowerCase()))).toBe(true)
  })

  it('when the statistics switch is off, then searches are not counted', async () => {
    await directoryOf(db, platform, [broker({ code: 'H1', nameEn: 'Harbour One' })])
    await platform.services.search.setSwitch('statistics', false)
    await search('Harbour One')
    expect(await hot()).toEqual([])
  })

  it('when the payload is wrong, then 400 with the field', async () => {
    const bad = async (body: Record<string, unknown>) => (await cv3(app, 'search$statisticsHotSearch', body, { token })).body
    expect((await bad({ pageSize: 0 })).data.fields).toEqual({ pageSize: 'errors.invalid' })
    expect((await bad({ pageSize: 'x' })).data.fields).toEqual({ pageSize: 'errors.invalid' })
    expect((await bad({ CountryCode: 'USA' })).data.fields).toEqual({ CountryCode: 'errors.invalid' })
    expect((await bad({ LanguageCode: '<x>' })).data.fields).toEqual({ LanguageCode: 'errors.invalid' })
  })
})
