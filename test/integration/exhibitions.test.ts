import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ContentValidationError, DEMO_CONTENT_DIR, exportFolder, importFolder, validateFolder } from '../../server/content/content-folder.ts'
import type { Database } from '../../server/db/client.ts'
import { DomainError } from '../../server/platform/errors.ts'
import { advertsKind, exhibitionsKind } from '../../server/platform/exhibitions/exhibitions.content.ts'
import { createExhibitionService } from '../../server/platform/exhibitions/exhibitions.service.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { ENDPOINTS } from '../../shared/contracts/define.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let platform: Platform
let token: string
let folder: string

const KINDS = [exhibitionsKind, advertsKind]
const EXPO = ENDPOINTS.expo.path
const ADVERTS = ENDPOINTS.advertisement.path
const DAY = 86_400_000
const HOUR = 3_600_000

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp({ domains: ['exhibitions'] }))
  token = (await request(app).post('/api/token')).body.access_token as string
})

beforeEach(async () => {
  await resetDatabase(db)
  folder = mkdtempSync(join(tmpdir(), 'exhibitions-'))
  mkdirSync(join(folder, 'exhibitions'))
  mkdirSync(join(folder, 'adverts'))
})

afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

const call = (route: string, body: unknown, locale = 'en') =>
  request(app)
    .post(EXPO)
    .set('Routes', route)
    .set('Authorization', `Bearer ${token}`)
    .set('LanguageCode', locale)
    .send(body as object)

const iso = (ms: number) => new Date(ms).toISOString()

interface FixtureOptions {
  type?: 'exhibition' | 'salon'
  region?: string
  /** Offsets from now in ms. */
  starts: number
  ends: number
  salesOpen?: number | null
  salesClose?: number | null
  published?: boolean
  campaign?: string | null
  locales?: string[]
}

/** A small valid exhibition file whose dates are relative to now, so its state is known. */
function exhibitionFile(slug: string, options: FixtureOptions) {
  const now = Date.now()
  const starts = now + options.starts
  const locales = options.locales ?? ['en', 'zh-cn']
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const texts = (build: (locale: string) => Record<string, unknown>) => Object.fromEntries(locales.map((locale) => [locale, build(locale)]))
  return {
    slug,
    type: options.type ?? 'exhibition',
    published: options.published ?? true,
    campaign: options.campaign ?? null,
    region: options.region ?? 'asia',
    countryCode: 'SG',
    city: 'Singapore',
    timeZone: 'UTC',
    startsAt: iso(starts),
    endsAt: iso(now + options.ends),
    salesOpenAt: options.salesOpen === undefined || options.salesOpen === null ? null : iso(now + options.salesOpen),
    salesCloseAt: options.salesClose === undefined || options.salesClose === null ? null : iso(now + options.salesClose),
    cover: `/demo/${slug}.svg`,
    venue: { lat: 1.28, lng: 103.86, mapImage: '/demo/map.svg', mapZoom: 16 },
    recapFigures: { attendees: 1200, countries: 9 },
    texts: texts((locale) => ({
      title: `${slug} ${locale}`,
      summary: `Summary ${locale}`,
      city: `City ${locale}`,
      venueName: `Venue ${locale}`,
      address: `Address ${locale}`,
      bodyHtml: '<p onclick="x()">Hello <script>alert(1)</script><strong>world</strong></p>',
      highlights: [`Highlight ${locale}`],
      recapSummary: `Recap ${locale}`,
      campaign: options.campaign ? { headline: `Headline ${locale}`, pitch: `Pitch ${locale}`, benefits: [{ title: 'B', text: 'T' }] } : null,
    })),
    speakers: [
      {
        key: 'ann',
        name: 'Ann Lee',
        company: 'Acme',
        photo: '/demo/ann.svg',
        texts: { en: { title: 'CEO', bio: 'Bio' }, 'zh-cn': { title: '首席执行官', bio: '简介' } },
      },
      { key: 'bob', name: 'Bob Ray', company: 'Beta', texts: { en: { title: 'CTO' } } },
    ],
    agenda: [
      {
        date: local(starts),
        texts: { en: { title: 'Day one' } },
        sessions: [
          {
            key: 'open',
            startsAt: iso(starts),
            endsAt: iso(starts + HOUR),
            kind: 'keynote',
            room: 'A',
            speakers: ['bob', 'ann'],
            texts: { en: { title: 'Opening', description: 'Welcome' } },
          },
        ],
      },
    ],
    partners: [
      { key: 'gold-co', name: 'Gold Co', role: 'sponsor', tier: 'gold', logo: '/demo/g.svg', url: 'https://gold.example' },
      { key: 'head-co', name: 'Head Co', role: 'sponsor', tier: 'headline', logo: '/demo/h.svg', url: 'https://head.example' },
      { key: 'booth-co', name: 'Booth Co', role: 'exhibitor', tier: 'exhibitor', booth: 'A01' },
    ],
    photos: [{ key: 'p1', src: '/demo/p1.svg', width: 1200, height: 800, takenAt: iso(starts + HOUR), texts: { en: { caption: 'Stage' } } }],
    videos: [{ key: 'v1', src: '/demo/v1.webm', poster: '/demo/p1.svg', durationSeconds: 8, texts: { en: { title: 'Film' } } }],
  }
}

function write(kind: 'exhibitions' | 'adverts', name: string, data: unknown) {
  writeFileSync(join(folder, kind, `${name}.json`), JSON.stringify(data, null, 2))
}

async function importFixtures(): Promise<void> {
  await db.transaction((tx) => importFolder(platform, tx, folder, KINDS))
}

async function idOf(slug: string): Promise<number> {
  const row = await db.query<{ id: number }>('select id from exhibitions where slug = $1', [slug])
  return row.rows[0]?.id as number
}

/** Five exhibitions, one of each situation, and one unpublished. */
async function seedSituations() {
  write('exhibitions', 'past-europe', exhibitionFile('past-europe', { region: 'europe', starts: -100 * DAY, ends: -98 * DAY, salesOpen: -160 * DAY }))
  write('exhibitions', 'past-salon', exhibitionFile('past-salon', { type: 'salon', starts: -400 * DAY, ends: -400 * DAY + 8 * HOUR }))
  write('exhibitions', 'live', exhibitionFile('live', { region: 'middleEast', starts: -HOUR, ends: DAY, salesOpen: -30 * DAY }))
  write('exhibitions', 'soon', exhibitionFile('soon', { starts: 10 * DAY, ends: 11 * DAY, salesOpen: -5 * DAY, salesClose: 9 * DAY }))
  write('exhibitions', 'later', exhibitionFile('later', { region: 'americas', starts: 60 * DAY, ends: 61 * DAY, salesOpen: 20 * DAY }))
  write('exhibitions', 'hidden', exhibitionFile('hidden', { starts: 5 * DAY, ends: 6 * DAY, published: false }))
  await importFixtures()
}

describe('expo$listExhibitions', () => {
  it('when exhibitions exist, then the published ones come upcoming first (in progress, soonest), then ended (latest first), with states', async () => {
    await seedSituations()
    const response = await call('expo$listExhibitions', {})
    expect(response.status).toBe(200)
    const items = response.body.data.items as Array<{ slug: string; state: string; ticketsOnSale: boolean; title: string; recapFigures: object }>
    expect(items.map((item) => [item.slug, item.state, item.ticketsOnSale])).toEqual([
      ['live', 'inProgress', true],
      ['soon', 'signingUp', true],
      ['later', 'lookingForward', false],
      ['past-europe', 'ended', false],
      ['past-salon', 'ended', false],
    ])
    expect(response.body.data.total).toBe(5)
    expect(items[0]?.title).toBe('live en')
    // Recap figures only once an exhibition has taken place.
    expect(items[0]?.recapFigures).toEqual({})
    expect(items[3]?.recapFigures).toEqual({ attendees: 1200, countries: 9 })
    expect(response.body.data.facets.regions).toEqual(['americas', 'asia', 'europe', 'middleEast'])
  })

  it('when filtered by region, type, state, year or upcoming/past, then only those match, and paging counts the filtered set', async () => {
    await seedSituations()
    const slugs = async (payload: object) => ((await call('expo$listExhibitions', payload)).body.data.items as Array<{ slug: string }>).map((item) => item.slug)
    expect(await slugs({ region: 'europe' })).toEqual(['past-europe'])
    expect(await slugs({ type: 'salon' })).toEqual(['past-salon'])
    expect(await slugs({ state: 'signingUp' })).toEqual(['soon'])
    expect(await slugs({ state: 'ended' })).toEqual(['past-europe', 'past-salon'])
    expect(await slugs({ when: 'upcoming' })).toEqual(['live', 'soon', 'later'])
    expect(await slugs({ when: 'past', type: 'exhibition' })).toEqual(['past-europe'])
    const year = new Date(Date.now() - 400 * DAY).getUTCFullYear()
    expect(await slugs({ year: String(year), type: 'salon' })).toEqual(['past-salon'])
    const page2 = await call('expo$listExhibitions', { page: 2, pageSize: 2 })
    expect(page2.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2 })
    expect(page2.body.data.items.map((item: { slug: string }) => item.slug)).toEqual(['later', 'past-europe'])
  })

  it('when a filter is malformed, then 400 with the field named, never a 500', async () => {
    for (const [payload, field] of [
      [{ year: 'soon' }, 'year'],
      [{ year: 1850 }, 'year'],
      [{ region: 'mars' }, 'region'],
      [{ state: 'open' }, 'state'],
      [{ type: 'concert' }, 'type'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 500 }, 'pageSize'],
      [{ when: 'tomorrow' }, 'when'],
    ] as const) {
      const response = await call('expo$listExhibitions', payload)
      expect(response.status, JSON.stringify(payload)).toBe(400)
      expect(response.body.data.fields[field]).toBe('errors.invalid')
    }
  })

  it('when nothing is published, then an empty list, not an error', async () => {
    const response = await call('expo$listExhibitions', { state: 'inProgress' })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({ items: [], total: 0 })
  })

  it('when no token is sent, then 401', async () => {
    const response = await request(app).post(EXPO).set('Routes', 'expo$listExhibitions').send({})
    expect(response.status).toBe(401)
  })
})

describe('expo$getExhibition', () => {
  it('when the exhibition exists, then its agenda, speakers, partners by tier, photos, videos and venue come in the caller language', async () => {
    await seedSituations()
    const id = await idOf('soon')
    const response = await call('expo$getExhibition', { id }, 'zh-cn')
    expect(response.status).toBe(200)
    const detail = response.body.data
    expect(detail).toMatchObject({ id, slug: 'soon', title: 'soon zh-cn', city: 'City zh-cn', state: 'signingUp', fellBackTo: null, timeZone: 'UTC' })
    expect(detail.venue).toMatchObject({ name: 'Venue zh-cn', address: 'Address zh-cn', lat: 1.28, lng: 103.86, mapZoom: 16 })
    // Sanitised on import: no script, no handler.
    expect(detail.bodyHtml).toBe('<p>Hello <strong>world</strong></p>')
    const speakers = detail.speakers as Array<{ id: number; name: string; title: string }>
    expect(speakers.map((speaker) => [speaker.name, speaker.title])).toEqual([
      ['Ann Lee', '首席执行官'],
      ['Bob Ray', 'CTO'],
    ])
    expect(detail.agenda).toHaveLength(1)
    const session = detail.agenda[0].sessions[0]
    expect(session).toMatchObject({ kind: 'keynote', room: 'A', title: 'Opening', description: 'Welcome' })
    // Speakers in the order the session lists them.
    expect(session.speakerIds).toEqual([speakers[1]?.id, speakers[0]?.id])
    expect(detail.partners.map((partner: { name: string }) => partner.name)).toEqual(['Head Co', 'Gold Co', 'Booth Co'])
    expect(detail.photos[0]).toMatchObject({ src: '/demo/p1.svg', width: 1200, height: 800, caption: 'Stage' })
    expect(detail.videos[0]).toMatchObject({ title: 'Film', src: '/demo/v1.webm', durationSeconds: 8, videoSlug: null })
    // Before it has taken place there is no recap.
    expect(detail.recapSummary).toBe('')
    expect(detail.recapFigures).toEqual({})
  })

  it('when the exhibition has ended, then the recap comes with it', async () => {
    await seedSituations()
    const response = await call('expo$getExhibition', { id: await idOf('past-europe') })
    expect(response.body.data).toMatchObject({ state: 'ended', recapSummary: 'Recap en', recapFigures: { attendees: 1200 }, highlights: ['Highlight en'] })
  })

  it('when the id is unknown or unpublished, then 404; when it is not a positive number, then 400', async () => {
    await seedSituations()
    const unknown = await call('expo$getExhibition', { id: 99_999 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('errors.notFound')
    expect((await call('expo$getExhibition', { id: await idOf('hidden') })).status).toBe(404)
    for (const id of ['abc', -1, 0, 1.5, null, 2 ** 40]) {
      const response = await call('expo$getExhibition', { id })
      expect(response.status, String(id)).toBe(400)
      expect(response.body.data.fields.id).toBe('errors.invalid')
    }
    expect((await call('expo$getExhibition', {})).status).toBe(400)
  })
})

describe('language fallback (docs/product.md#content-fallback: zh-hk -> zh-tw -> zh-cn -> en; others -> en)', () => {
  it('when the language has no texts, then the next of its chain answers and the answer says which', async () => {
    write('exhibitions', 'tw', exhibitionFile('tw', { starts: DAY, ends: 2 * DAY, locales: ['en', 'zh-cn', 'zh-tw'] }))
    write('exhibitions', 'cn', exhibitionFile('cn', { starts: 3 * DAY, ends: 4 * DAY, locales: ['en', 'zh-cn'] }))
    await importFixtures()
    const tw = await idOf('tw')
    const cn = await idOf('cn')
    const get = async (id: number, locale: string) => (await call('expo$getExhibition', { id }, locale)).body.data
    expect(await get(tw, 'zh-hk')).toMatchObject({ title: 'tw zh-tw', fellBackTo: 'zh-tw' })
    expect(await get(cn, 'zh-hk')).toMatchObject({ title: 'cn zh-cn', fellBackTo: 'zh-cn' })
    expect(await get(cn, 'zh-tw')).toMatchObject({ title: 'cn zh-cn', fellBackTo: 'zh-cn' })
    expect(await get(cn, 'ja')).toMatchObject({ title: 'cn en', fellBackTo: 'en' })
    expect(await get(cn, 'en')).toMatchObject({ title: 'cn en', fellBackTo: null })
    // Parts of the page fall back on their own: the session has English only.
    expect((await get(cn, 'ja')).agenda[0].sessions[0].title).toBe('Opening')
    const list = (await call('expo$listExhibitions', {}, 'th')).body.data.items as Array<{ fellBackTo: string }>
    expect(list.map((item) => item.fellBackTo)).toEqual(['en', 'en'])
  })
})

describe('state at the boundaries (docs/product.md#exhibition-states)', () => {
  it('when the clock stands exactly on a boundary, then the later state holds, in the service and in the list filter alike', async () => {
    write('exhibitions', 'edge', exhibitionFile('edge', { starts: 10 * DAY, ends: 11 * DAY, salesOpen: 2 * DAY, salesClose: 9 * DAY }))
    await importFixtures()
    const id = await idOf('edge')
    const row = (await db.query<{ starts_at: Date; ends_at: Date; sales_open_at: Date; sales_close_at: Date }>('select * from exhibitions where id = $1', [id]))
      .rows[0]
    if (!row) throw new Error('fixture missing')
    const moments: Array<[Date, string, boolean]> = [
      [new Date(row.sales_open_at.getTime() - 1), 'lookingForward', false],
      [row.sales_open_at, 'signingUp', true],
      [new Date(row.sales_close_at.getTime() - 1), 'signingUp', true],
      [row.sales_close_at, 'lookingForward', false],
      [new Date(row.starts_at.getTime() - 1), 'lookingForward', false],
      [row.starts_at, 'inProgress', false],
      [new Date(row.ends_at.getTime() - 1), 'inProgress', false],
      [row.ends_at, 'ended', false],
    ]
    for (const [moment, state, onSale] of moments) {
      const service = createExhibitionService({ db, now: () => moment })
      const detail = await service.getById(id, 'en')
      expect(detail?.state, moment.toISOString()).toBe(state)
      expect(detail?.ticketsOnSale, moment.toISOString()).toBe(onSale)
      const filtered = await service.list({ state: state as never, page: 1, pageSize: 5 }, 'en')
      expect(
        filtered.items.map((item) => item.id),
        `${state} filter at ${moment.toISOString()}`,
      ).toEqual([id])
      expect(await service.isOver(id)).toBe(state === 'ended')
      expect(await service.isOnSale(id)).toBe(onSale)
    }
  })

  it('when other domains ask, then stateOf takes Dates or ISO strings and isOver refuses an unknown id with a 404', async () => {
    const service = platform.services.exhibitions
    const exhibition = { startsAt: '2026-11-21T05:00:00Z', endsAt: '2026-11-23T14:00:00Z', salesOpenAt: '2026-08-01T06:00:00Z', salesCloseAt: null }
    expect(service.stateOf(exhibition, new Date('2026-11-22T12:00:00Z'))).toBe('inProgress')
    expect(
      service.stateOf(
        { ...exhibition, startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: new Date('2026-12-02T00:00:00Z') },
        new Date('2026-11-22T12:00:00Z'),
      ),
    ).toBe('signingUp')
    await expect(service.isOver(424_242)).rejects.toMatchObject({ errorCode: 404 })
    await expect(service.isOver(424_242)).rejects.toBeInstanceOf(DomainError)
    expect(await service.getById(424_242, 'en')).toBeNull()
  })
})

describe('expo$getCampaign and expo$listPartners', () => {
  it('when an exhibition carries the campaign, then its page and copy come back; an unknown campaign is a 400, a missing one a 404', async () => {
    expect((await call('expo$getCampaign', { campaign: 'europeanPremium' })).status).toBe(404)
    write(
      'exhibitions',
      'premium',
      exhibitionFile('premium', { campaign: 'europeanPremium', region: 'europe', starts: 30 * DAY, ends: 31 * DAY, salesOpen: -DAY }),
    )
    await importFixtures()
    const response = await call('expo$getCampaign', { campaign: 'europeanPremium' }, 'zh-hk')
    expect(response.status).toBe(200)
    expect(response.body.data.exhibition).toMatchObject({ slug: 'premium', campaign: 'europeanPremium', fellBackTo: 'zh-cn' })
    expect(response.body.data.copy).toEqual({ headline: 'Headline zh-cn', pitch: 'Pitch zh-cn', benefits: [{ title: 'B', text: 'T' }] })
    const bad = await call('expo$getCampaign', { campaign: 'winterSale' })
    expect(bad.status).toBe(400)
    expect(bad.body.data.fields.campaign).toBe('errors.invalid')
  })

  it('when sponsors appear at several exhibitions, then each is listed once, best tier and most frequent first; exhibitors are not sponsors', async () => {
    await seedSituations()
    const response = await call('expo$listPartners', { limit: 5 })
    expect(response.status).toBe(200)
    expect(response.body.data.items).toEqual([
      { name: 'Head Co', logo: '/demo/h.svg', url: 'https://head.example', tier: 'headline', exhibitions: 5 },
      { name: 'Gold Co', logo: '/demo/g.svg', url: 'https://gold.example', tier: 'gold', exhibitions: 5 },
    ])
    expect((await call('expo$listPartners', { limit: 0 })).status).toBe(400)
    expect((await call('expo$listPartners', { limit: 'many' })).status).toBe(400)
  })
})

describe('GET advertisement (docs/product.md#endpoints)', () => {
  const advert = (slug: string, extra: Record<string, unknown>) => ({
    slug,
    image: `/demo/${slug}.svg`,
    width: 1600,
    height: 640,
    texts: { en: { title: `${slug} title`, text: 'Text', cta: 'Go', alt: 'Art' }, ja: { title: `${slug} ja`, cta: '行く', alt: '絵' } },
    ...extra,
  })

  it('when adverts exist, then the live ones come in order; those of an ended exhibition or outside their window are hidden', async () => {
    await seedSituations()
    write('adverts', 'for-soon', advert('for-soon', { exhibition: 'soon', sort: 2 }))
    write('adverts', 'verify', advert('verify', { link: '/verify.html', sort: 1 }))
    write('adverts', 'for-past', advert('for-past', { exhibition: 'past-europe' }))
    write('adverts', 'expired', advert('expired', { link: '/about.html', showsUntil: iso(Date.now() - DAY) }))
    write('adverts', 'future', advert('future', { link: '/about.html', showsFrom: iso(Date.now() + DAY) }))
    await importFixtures()
    const response = await request(app).get(ADVERTS).query({ placement: 'home' }).set('Authorization', `Bearer ${token}`).set('LanguageCode', 'ja')
    expect(response.status).toBe(200)
    expect(response.body.data.items).toEqual([
      expect.objectContaining({ slug: 'verify', title: 'verify ja', cta: '行く', href: '/verify.html', exhibitionId: null, fellBackTo: null }),
      expect.objectContaining({ slug: 'for-soon', href: `/backDetail/${await idOf('soon')}`, image: { src: '/demo/for-soon.svg', width: 1600, height: 640 } }),
    ])
  })

  it('when the placement is unknown, then 400; when POSTed, then 405', async () => {
    const bad = await request(app).get(ADVERTS).query({ placement: 'sidebar' }).set('Authorization', `Bearer ${token}`)
    expect(bad.status).toBe(400)
    expect(bad.body.data.fields.placement).toBe('errors.invalid')
    expect((await request(app).post(ADVERTS).set('Authorization', `Bearer ${token}`).send({})).status).toBe(405)
  })
})

describe('content kinds (npm run content)', () => {
  it('when files are wrong, then every problem names its file and field, and nothing is written', async () => {
    const good = exhibitionFile('good', { starts: DAY, ends: 2 * DAY })
    write('exhibitions', 'good', good)
    const { en: _english, ...withoutEnglish } = good.texts
    write('exhibitions', 'no-english', { ...exhibitionFile('no-english', { starts: DAY, ends: 2 * DAY }), texts: withoutEnglish })
    const broken = exhibitionFile('broken', { starts: 2 * DAY, ends: DAY })
    write('exhibitions', 'broken', {
      ...broken,
      timeZone: 'Mars/Olympus',
      agenda: [{ ...broken.agenda[0], sessions: [{ ...broken.agenda[0]?.sessions[0], speakers: ['nobody'] }] }],
    })
    write('exhibitions', 'renamed', exhibitionFile('other-slug', { starts: DAY, ends: 2 * DAY }))
    write('exhibitions', 'bad-date', { ...exhibitionFile('bad-date', { starts: DAY, ends: 2 * DAY }), startsAt: 'next tuesday', region: 'atlantis' })
    write('adverts', 'nowhere', { slug: 'nowhere', image: '/demo/x.svg', width: 10, height: 10, texts: { en: { title: 'T', cta: 'C', alt: 'A' } } })
    writeFileSync(join(folder, 'exhibitions', 'notes.txt'), 'not content')

    const { problems } = validateFolder(folder, KINDS)
    const byFile = (file: string) => Object.fromEntries(problems.filter((problem) => problem.file === file).map((problem) => [problem.field, problem.message]))
    expect(byFile('exhibitions/good.json')).toEqual({})
    expect(byFile('exhibitions/no-english.json')).toEqual({ 'texts.en': 'English texts are required: every fallback chain ends in English' })
    expect(byFile('exhibitions/broken.json')).toEqual({ timeZone: 'must be an IANA time zone like Europe/London' })
    expect(byFile('exhibitions/renamed.json')).toEqual({ slug: 'must match the file name (renamed)' })
    expect(byFile('exhibitions/bad-date.json')).toMatchObject({
      startsAt: 'must be a date and time with its offset, like 2027-03-16T09:00:00+00:00',
      region: expect.stringContaining('must be one of asia'),
    })
    expect(byFile('adverts/nowhere.json')).toEqual({ link: 'an advert needs a link or an exhibition' })
    expect(byFile('exhibitions/notes.txt')).toEqual({ '(file)': 'only .json and .md files are read' })

    // Once the zone is right, the cross-field checks speak.
    write('exhibitions', 'broken', {
      ...broken,
      agenda: [{ ...broken.agenda[0], sessions: [{ ...broken.agenda[0]?.sessions[0], speakers: ['nobody'] }] }],
    })
    const second = validateFolder(folder, KINDS).problems.filter((problem) => problem.file === 'exhibitions/broken.json')
    expect(Object.fromEntries(second.map((problem) => [problem.field, problem.message]))).toMatchObject({
      endsAt: 'must be after startsAt',
      'agenda.0.sessions.0.speakers.0': 'no speaker "nobody" in this file',
    })

    await expect(importFixtures()).rejects.toBeInstanceOf(ContentValidationError)
    expect((await db.query('select 1 from exhibitions')).rows).toHaveLength(0)
  })

  it('when the demo folder is imported twice, then nothing changes: same rows, same ids, same timestamps', async () => {
    const snapshot = async () => {
      const tables = [
        'exhibitions',
        'exhibition_texts',
        'exhibition_speakers',
        'exhibition_agenda_days',
        'exhibition_sessions',
        'exhibition_session_speakers',
        'exhibition_partners',
        'exhibition_photos',
        'exhibition_videos',
        'adverts',
      ]
      const out: Record<string, unknown[]> = {}
      for (const table of tables) out[table] = (await db.query(`select * from ${table} order by 1, 2`)).rows
      return out
    }
    await db.transaction((tx) => importFolder(platform, tx, DEMO_CONTENT_DIR, KINDS))
    const first = await snapshot()
    expect(first.exhibitions).toHaveLength(readdirSync(join(DEMO_CONTENT_DIR, 'exhibitions')).length)
    expect(first.exhibitions?.length).toBeGreaterThanOrEqual(12)
    await db.transaction((tx) => importFolder(platform, tx, DEMO_CONTENT_DIR, KINDS))
    expect(await snapshot()).toEqual(first)
  })

  it('when a file changes, then its rows are updated in place (ids kept) and what left the file is removed', async () => {
    const file = exhibitionFile('change', { starts: DAY, ends: 2 * DAY })
    write('exhibitions', 'change', file)
    await importFixtures()
    const before = await call('expo$getExhibition', { id: await idOf('change') })
    const session = before.body.data.agenda[0].sessions[0]
    const session0 = file.agenda[0]
    if (!session0?.sessions[0]) throw new Error('fixture missing')
    session0.sessions[0].texts.en.title = 'Opening, renamed'
    session0.sessions[0].speakers = ['ann']
    write('exhibitions', 'change', { ...file, speakers: file.speakers.slice(0, 1), photos: [] })
    await importFixtures()
    const after = (await call('expo$getExhibition', { id: await idOf('change') })).body.data
    expect(after.id).toBe(before.body.data.id)
    expect(after.agenda[0].sessions[0]).toMatchObject({ id: session.id, title: 'Opening, renamed', speakerIds: [before.body.data.speakers[0].id] })
    expect(after.speakers).toHaveLength(1)
    expect(after.photos).toEqual([])
  })

  it('when the demo content is exported, then the files are the very files that were imported', async () => {
    await db.transaction((tx) => importFolder(platform, tx, DEMO_CONTENT_DIR, KINDS))
    const out = mkdtempSync(join(tmpdir(), 'exhibitions-export-'))
    try {
      await exportFolder(db, out, KINDS)
      for (const kind of ['exhibitions', 'adverts']) {
        for (const name of readdirSync(join(DEMO_CONTENT_DIR, kind))) {
          const original = JSON.parse(readFileSync(join(DEMO_CONTENT_DIR, kind, name), 'utf8'))
          const exported = JSON.parse(readFileSync(join(out, kind, name), 'utf8'))
          expect(exported, `${kind}/${name}`).toEqual(original)
        }
      }
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })

  it('when the demo content is read on 22 November 2026 at noon in Dubai, then exactly one exhibition is in progress and the states cover every case', async () => {
    await db.transaction((tx) => importFolder(platform, tx, DEMO_CONTENT_DIR, KINDS))
    const service = createExhibitionService({ db, now: () => new Date('2026-11-22T08:00:00Z') })
    const all = await service.list({ page: 1, pageSize: 48 }, 'en')
    const states = all.items.map((item) => item.state)
    expect(states.filter((state) => state === 'inProgress')).toHaveLength(1)
    expect(new Set(states)).toEqual(new Set(['inProgress', 'signingUp', 'lookingForward', 'ended']))
    expect(all.items.some((item) => item.type === 'salon' && item.state !== 'ended')).toBe(true)
    expect(all.items.filter((item) => item.campaign === 'europeanPremium')).toHaveLength(1)
    for (const item of all.items.filter((entry) => entry.state === 'ended')) expect(item.recapFigures.attendees).toBeGreaterThan(0)
  })
})
