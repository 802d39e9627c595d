import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { exportFolder, importFolder } from '../../server/content/content-folder.ts'
import type { Database } from '../../server/db/client.ts'
import { advertsKind, exhibitionsKind } from '../../server/platform/exhibitions/exhibitions.content.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { ENDPOINTS } from '../../shared/contracts/define.ts'
import { LOCALES } from '../../shared/languages.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * The console's content editor (docs/product.md#console-pages): an exhibition's recap, speakers, agenda, partners, photos,
 * videos and map saved part by part with their versions, and the home page's adverts. Every save is
 * audited with the part before and after, refused with a translated 4xx for bad input or a 409 when the
 * part changed meanwhile, reaches the public functions at once (their cache is dropped), and what the
 * console writes survives the content folder's export and import unchanged.
 */

const EXPO = ENDPOINTS.expo.path
const ADVERTS = ENDPOINTS.advertisement.path
let app: App
let db: Database
let platform: Platform
let editor: SignedInMember
let visitorToken: string
let folder: string

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

afterAll(() => {
  vi.useRealTimers()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

/** The fair is on 2031-03-16 and 17 in Dubai (UTC+4); the test runs the summer before. */
const fair = (slug: string, published = true) => ({
  slug,
  type: 'exhibition',
  published,
  region: 'middleEast',
  countryCode: 'AE',
  city: 'Dubai',
  timeZone: 'Asia/Dubai',
  startsAt: '2031-03-16T09:00:00+04:00',
  endsAt: '2031-03-17T18:00:00+04:00',
  venue: { lat: 25.2, lng: 55.27, mapImage: '/demo/map.svg', mapZoom: 15 },
  texts: {
    en: { title: 'Dubai Expo 2031', summary: 'Markets.', city: 'Dubai', venueName: 'World Trade Centre', address: 'Sheikh Zayed Road', recapSummary: '' },
    'zh-cn': { title: '迪拜博览会 2031', summary: '市场。', city: '迪拜', venueName: '世贸中心', address: '谢赫扎耶德路' },
  },
  speakers: [{ key: 'ann', name: 'Ann Lee', company: 'Acme', photo: '/demo/ann.svg', texts: { en: { title: 'CEO', bio: '' } } }],
  agenda: [
    {
      date: '2031-03-16',
      texts: { en: { title: 'Day one' } },
      sessions: [
        {
          key: 'open',
          startsAt: '2031-03-16T09:00:00+04:00',
          endsAt: '2031-03-16T10:00:00+04:00',
          kind: 'keynote',
          room: 'A',
          speakers: ['ann'],
          texts: { en: { title: 'Opening', description: '' } },
        },
      ],
    },
  ],
  partners: [{ key: 'gold-co', name: 'Gold Co', role: 'sponsor', tier: 'gold', logo: '/demo/g.svg', url: 'https://gold.example' }],
  photos: [{ key: 'p1', src: '/demo/p1.svg', width: 1200, height: 800, texts: { en: { caption: 'Stage' } } }],
  videos: [],
})

async function seedFair(slug = 'dubai-2031', published = true): Promise<number> {
  await db.transaction((tx) => exhibitionsKind.importFile(tx, { name: `${slug}.json`, data: fair(slug, published) }, platform))
  return ((await db.query<{ id: number }>('select id from exhibitions where slug = $1', [slug])).rows[0] as { id: number }).id
}

beforeEach(async () => {
  setMoment('2030-06-01T08:00:00Z')
  await resetDatabase(db)
  editor = await setUpMember(app, db, ['editor'])
  visitorToken = (await request(app).post('/api/token')).body.access_token
})

const staff = (name: string, payload: unknown, member = editor) => consoleCall(app, name, payload, { cookie: member.cookie })
const auditOf = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows
const publicDetail = async (id: number, locale = 'en') =>
  request(app).post(EXPO).set('Routes', 'expo$getExhibition').set('Authorization', `Bearer ${visitorToken}`).set('LanguageCode', locale).send({ id })
const homeAdverts = async (locale = 'en') =>
  request(app).get(ADVERTS).query({ placement: 'home' }).set('Authorization', `Bearer ${visitorToken}`).set('LanguageCode', locale)

type Content = {
  versions: Record<string, string>
  speakers: Array<Record<string, unknown>>
  agenda: Array<{ date: string; texts: object; sessions: Array<Record<string, unknown>> }>
  partners: Array<Record<string, unknown>>
  photos: Array<Record<string, unknown>>
  exhibition: { locales: string[] }
}
const contentOf = async (id: number) => (await staff('exhibitionContent', { id }).expect(200)).body.data as Content

describe('an exhibition content', () => {
  it('when an editor adds a speaker in English and Chinese and puts them on the agenda, then visitors see it at once and each save is audited', async () => {
    const id = await seedFair()
    const changes: string[] = []
    const stop = platform.onContentChanged((change) => changes.push(change.scope))
    // The public detail is read (and cached) before the change: the save must not wait for the cache to expire.
    expect((await publicDetail(id, 'zh-cn')).body.data.speakers).toHaveLength(1)

    const before = await contentOf(id)
    expect(before.agenda[0]?.sessions[0]).toMatchObject({ key: 'open', startsAt: '2031-03-16T09:00', endsAt: '2031-03-16T10:00', speakers: ['ann'] })
    const speakers = [
      ...before.speakers,
      {
        name: 'Chen Wei',
        company: 'Beta Ltd',
        photo: '/media/0123456789abcdef0123456789abcdef/800x800/640.jpg',
        texts: { en: { title: 'Chief Economist', bio: 'Markets.' }, 'zh-cn': { title: '首席经济学家', bio: '' }, ja: { title: '', bio: '' } },
      },
    ]
    const saved = await staff('saveExhibitionContent', { id, part: 'speakers', version: before.versions.speakers, speakers }).expect(200)
    const chen = (saved.body.data as Content).speakers[1] as { key: string; texts: object }
    expect(chen).toMatchObject({ key: 'chen-wei', texts: { en: { title: 'Chief Economist' }, 'zh-cn': { title: '首席经济学家' } } })
    // An empty language is missing, not stored empty.
    expect(Object.keys(chen.texts).sort()).toEqual(['en', 'zh-cn'])

    const agenda = structuredClone(before.agenda)
    agenda[0]?.sessions.push({
      startsAt: '2031-03-16T11:00',
      endsAt: '2031-03-16T11:45',
      kind: 'talk',
      room: 'B',
      speakers: ['chen-wei'],
      texts: { en: { title: 'Rates in 2031', description: '' }, 'zh-cn': { title: '2031 年的利率', description: '' } },
    })
    const withSession = await staff('saveExhibitionContent', { id, part: 'agenda', version: (saved.body.data as Content).versions.agenda, agenda })
    expect(withSession.status, JSON.stringify(withSession.body)).toBe(200)
    stop()

    const detail = (await publicDetail(id, 'zh-cn')).body.data
    expect(detail.speakers.map((speaker: { name: string; title: string }) => [speaker.name, speaker.title])).toEqual([
      ['Ann Lee', 'CEO'],
      ['Chen Wei', '首席经济学家'],
    ])
    const talk = detail.agenda[0].sessions[1]
    expect(talk).toMatchObject({ title: '2031 年的利率', room: 'B', kind: 'talk' })
    expect(talk.startsAt).toBe('2031-03-16T07:00:00.000Z')
    expect(talk.speakerIds).toEqual([detail.speakers[1].id])
    expect(changes.filter((scope) => scope === 'exhibitions')).toHaveLength(2)

    const audit = await auditOf('console$saveExhibitionContent')
    expect(audit.map((row) => [row.staff_id, row.target])).toEqual([
      [editor.id, `exhibition:${id}:speakers`],
      [editor.id, `exhibition:${id}:agenda`],
    ])
    expect(audit[0]?.before).toHaveLength(1)
    expect(audit[0]?.after).toHaveLength(2)
  })

  it('when two editors save the same part from the same version, then the second gets a translated 409 and the first one stays', async () => {
    const id = await seedFair()
    const other = await setUpMember(app, db, ['editor'])
    const { versions, partners } = await contentOf(id)
    const first = [...partners, { name: 'Media House', role: 'media', tier: 'media', logo: null, url: null, booth: '' }]
    const second = [{ ...partners[0], booth: 'Z9' }]
    await staff('saveExhibitionContent', { id, part: 'partners', version: versions.partners, partners: first }).expect(200)
    const late = await staff('saveExhibitionContent', { id, part: 'partners', version: versions.partners, partners: second }, other)
    expect([late.status, late.body.message]).toEqual([409, 'console:errors.contentChanged'])
    expect((await contentOf(id)).partners.map((partner) => partner.name)).toEqual(['Gold Co', 'Media House'])
    // At the same moment: the exhibition is locked for each save, so exactly one of two wins.
    const now = (await contentOf(id)).versions.partners
    const both = await Promise.all([
      staff('saveExhibitionContent', { id, part: 'partners', version: now, partners: first.slice(0, 1) }),
      staff('saveExhibitionContent', { id, part: 'partners', version: now, partners: second }, other),
    ])
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409])

    await staff('saveExhibitionContent', { id, part: 'map', version: versions.map, map: { lat: 25.1, lng: 55.1, mapImage: null, mapZoom: 12 } }, other).expect(
      200,
    )
    expect(await auditOf('console$saveExhibitionContent')).toHaveLength(3)
  })

  it('when input is hostile or wrong, then 400 with the field named and a translation key, nothing saved, nothing audited', async () => {
    const id = await seedFair()
    const { versions, partners, agenda, speakers } = await contentOf(id)
    const refused = async (payload: Record<string, unknown>, field: string, message: string) => {
      const answer = await staff('saveExhibitionContent', { id, ...payload })
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400)
      expect(answer.body.data.fields[field], JSON.stringify(answer.body.data.fields).slice(0, 300)).toBe(message)
    }
    const partner = partners[0] as object
    await refused(
      { part: 'partners', version: versions.partners, partners: [{ ...partner, url: 'javascript:alert(1)' }] },
      'partners.0.url',
      'console:errors.contentWebAddress',
    )
    await refused(
      { part: 'partners', version: versions.partners, partners: [{ ...partner, logo: 'data:image/svg+xml,<svg onload=alert(1)>' }] },
      'partners.0.logo',
      'console:errors.contentAsset',
    )
    await refused(
      { part: 'partners', version: versions.partners, partners: [{ ...partner, logo: '//evil.example/x.png' }] },
      'partners.0.logo',
      'console:errors.contentAsset',
    )
    await refused(
      { part: 'partners', version: versions.partners, partners: Array.from({ length: 301 }, (_, index) => ({ ...partner, key: `p-${index}` })) },
      'partners',
      'console:errors.contentTooMany',
    )
    // Ten thousand items do not reach the function: the gateway refuses a body that large, translated.
    const flood = await staff('saveExhibitionContent', {
      id,
      part: 'partners',
      version: versions.partners,
      partners: Array.from({ length: 10_000 }, () => partner),
    })
    expect([flood.status, flood.body.message]).toEqual([413, 'errors.tooLarge'])
    await refused({ part: 'partners', version: versions.partners, partners: [partner, partner] }, 'partners.1.key', 'console:errors.contentKeyTwice')
    await refused(
      { part: 'speakers', version: versions.speakers, speakers: [{ name: 'No English', texts: { 'zh-cn': { title: '标题' } } }] },
      'speakers.0.texts.en.title',
      'console:errors.contentEnglish',
    )
    await refused(
      { part: 'speakers', version: versions.speakers, speakers: [{ name: '', texts: { en: { title: 'X' } } }] },
      'speakers.0.name',
      'errors.required',
    )
    await refused({ part: 'speakers', version: versions.speakers, speakers: [{ ...speakers[0], name: 'x'.repeat(121) }] }, 'speakers.0.name', 'errors.tooLong')
    const session = agenda[0]?.sessions[0] as object
    const day = (changes: object, sessionChanges: object = {}) => [{ ...agenda[0], ...changes, sessions: [{ ...session, ...sessionChanges }] }]
    await refused({ part: 'agenda', version: versions.agenda, agenda: day({ date: '2031-04-01' }) }, 'agenda.0.date', 'console:errors.contentDayOutside')
    await refused(
      { part: 'agenda', version: versions.agenda, agenda: day({}, { startsAt: '2031-03-17T09:00', endsAt: '2031-03-17T10:00' }) },
      'agenda.0.sessions.0.startsAt',
      'console:errors.contentSessionDay',
    )
    await refused(
      { part: 'agenda', version: versions.agenda, agenda: day({}, { endsAt: '2031-03-16T08:00' }) },
      'agenda.0.sessions.0.endsAt',
      'console:errors.endBeforeStart',
    )
    await refused(
      { part: 'agenda', version: versions.agenda, agenda: day({}, { speakers: ['nobody'] }) },
      'agenda.0.sessions.0.speakers.0',
      'console:errors.contentNoSpeaker',
    )
    await refused(
      { part: 'agenda', version: versions.agenda, agenda: day({}, { startsAt: '2031-02-30T09:00' }) },
      'agenda.0.sessions.0.startsAt',
      'console:errors.localTime',
    )
    await refused({ part: 'map', version: versions.map, map: { lat: 95, lng: 0, mapImage: null, mapZoom: 15 } }, 'map.lat', 'console:errors.contentLatitude')
    await refused({ part: 'map', version: versions.map, map: { lat: 1, lng: null, mapImage: null, mapZoom: 15 } }, 'map.lng', 'console:errors.contentPin')
    await refused(
      { part: 'videos', version: versions.videos, videos: [{ texts: { en: { title: 'Film' } } }] },
      'videos.0.src',
      'console:errors.contentVideoSource',
    )
    await refused(
      { part: 'recap', version: versions.recap, recap: { figures: {}, texts: { th: 'สรุป' } } },
      'recap.texts.th',
      'console:errors.contentNoLanguage',
    )
    const unknownPart = await staff('saveExhibitionContent', { id, part: 'tickets', version: 'x' })
    expect(unknownPart.status).toBe(400)
    expect(await auditOf('console$saveExhibitionContent')).toHaveLength(0)
    expect((await contentOf(id)).versions).toEqual(versions)
    // A full list of speakers with a long biography in all 12 languages is not refused for its size.
    const bio = 'b'.repeat(1000)
    const texts = Object.fromEntries(LOCALES.map((locale) => [locale, { title: `Title ${locale}`, bio }]))
    const many = Array.from({ length: 40 }, (_, index) => ({ name: `Speaker ${index}`, company: 'Acme', photo: null, texts }))
    const full = await staff('saveExhibitionContent', { id, part: 'speakers', version: versions.speakers, speakers: many })
    expect(full.status, JSON.stringify(full.body).slice(0, 200)).toBe(200)
  })

  it('when the recap, photos in a new order and the map are saved, then the public recap, gallery and venue show them in that order', async () => {
    const id = await seedFair()
    const { versions, photos } = await contentOf(id)
    const gallery = [
      {
        src: '/media/0123456789abcdef0123456789abcdef/1600x900/1280.jpg',
        width: 1600,
        height: 900,
        takenAt: '2031-03-16T12:30',
        texts: { 'zh-cn': { caption: '开幕' } },
      },
      ...photos,
    ]
    await staff('saveExhibitionContent', { id, part: 'photos', version: versions.photos, photos: gallery }).expect(200)
    await staff('saveExhibitionContent', {
      id,
      part: 'recap',
      version: versions.recap,
      recap: { figures: { attendees: 5400, countries: 31, speakers: null }, texts: { en: 'Five thousand came.', 'zh-cn': '五千人到场。' } },
    }).expect(200)
    await staff('saveExhibitionContent', {
      id,
      part: 'map',
      version: versions.map,
      map: { lat: 25.22, lng: 55.28, mapImage: '/demo/hall.svg', mapZoom: 17 },
    }).expect(200)
    const stored = await db.query('select recap_figures, venue_lat, map_image, map_zoom from exhibitions where id = $1', [id])
    expect(stored.rows[0]).toEqual({ recap_figures: { attendees: 5400, countries: 31 }, venue_lat: 25.22, map_image: '/demo/hall.svg', map_zoom: 17 })
    const detail = (await publicDetail(id, 'zh-cn')).body.data
    expect(detail.photos.map((photo: { caption: string; width: number }) => [photo.caption, photo.width])).toEqual([
      ['开幕', 1600],
      ['Stage', 1200],
    ])
    expect(detail.photos[0].takenAt).toBe('2031-03-16T08:30:00.000Z')
    expect(detail.venue).toMatchObject({ lat: 25.22, mapZoom: 17 })
    const texts = await db.query<{ locale: string; recap_summary: string }>(
      'select locale, recap_summary from exhibition_texts where exhibition_id = $1 order by locale',
      [id],
    )
    expect(texts.rows).toEqual([
      { locale: 'en', recap_summary: 'Five thousand came.' },
      { locale: 'zh-cn', recap_summary: '五千人到场。' },
    ])
  })

  it('when what the console wrote is exported and imported again, then the folder is the same and nothing changes', async () => {
    const id = await seedFair()
    const { versions, speakers } = await contentOf(id)
    await staff('saveExhibitionContent', {
      id,
      part: 'speakers',
      version: versions.speakers,
      speakers: [{ name: '王芳', company: '', photo: null, texts: { en: { title: 'Analyst', bio: '' } } }, ...speakers],
    }).expect(200)
    await staff('saveExhibitionContent', {
      id,
      part: 'videos',
      version: versions.videos,
      videos: [{ src: '/demo/v.webm', poster: null, durationSeconds: 30, texts: { en: { title: 'Film' }, th: { title: 'ภาพยนตร์' } } }],
    }).expect(200)
    await staff('saveAdvert', advertInput(id)).expect(200)
    const kinds = [exhibitionsKind, advertsKind]
    folder = mkdtempSync(join(tmpdir(), 'console-content-'))
    await exportFolder(db, folder, kinds)
    const file = JSON.parse(readFileSync(join(folder, 'exhibitions', 'dubai-2031.json'), 'utf8'))
    // A name in another script gets a key of its kind.
    expect(file.speakers.map((speaker: { key: string }) => speaker.key)).toEqual(['speaker', 'ann'])
    expect(file.videos[0]).toMatchObject({ key: 'film', src: '/demo/v.webm', texts: { en: { title: 'Film' }, th: { title: 'ภาพยนตร์' } } })
    const exported = readFileSync(join(folder, 'exhibitions', 'dubai-2031.json'), 'utf8')
    const before = await contentOf(id)
    await db.transaction((tx) => importFolder(platform, tx, folder, kinds))
    expect(await contentOf(id)).toEqual(before)
    await exportFolder(db, folder, kinds)
    expect(readFileSync(join(folder, 'exhibitions', 'dubai-2031.json'), 'utf8')).toBe(exported)
  })

  it('when a member works in Chinese, then the list of exhibition pages names each exhibition in Chinese', async () => {
    const id = await seedFair()
    expect((await staff('contentExhibitions', {})).body.data.rows).toMatchObject([{ id, title: 'Dubai Expo 2031' }])
    await staff('setLanguage', { language: 'zh-cn' }).expect(200)
    expect((await staff('contentExhibitions', {})).body.data.rows).toMatchObject([{ id, title: '迪拜博览会 2031' }])
  })

  it('when a member is not an editor, or is limited to other exhibitions, then the content is refused or does not exist for them', async () => {
    const id = await seedFair()
    const otherId = await seedFair('other-2031')
    const manager = await setUpMember(app, db, ['manager'])
    expect((await staff('exhibitionContent', { id }, manager)).status).toBe(403)
    const owner = await setUpMember(app, db, ['owner'])
    expect((await staff('exhibitionContent', { id }, owner)).status).toBe(200)
    await staff('updateMember', { id: editor.id, exhibitionIds: [otherId] }, owner).expect(200)
    const limited = await staff('exhibitionContent', { id })
    expect([limited.status, limited.body.message]).toEqual([404, 'console:errors.exhibitionNotFound'])
    expect((await staff('contentExhibitions', {})).body.data.rows.map((row: { id: number }) => row.id)).toEqual([otherId])
  })
})

const advertInput = (exhibitionId: number | null, overrides: Record<string, unknown> = {}) => ({
  image: '/media/0123456789abcdef0123456789abcdef/1600x640/1280.jpg',
  width: 1600,
  height: 640,
  link: exhibitionId ? null : '/verify.html',
  exhibitionId,
  showsFrom: null,
  showsUntil: null,
  texts: {
    en: { title: 'Dubai in March', text: 'Three halls.', cta: 'Book now', alt: 'The hall at night' },
    'zh-cn': { title: '三月迪拜', text: '', cta: '立即预订', alt: '夜晚的展厅' },
  },
  ...overrides,
})

describe('adverts', () => {
  it('when an editor adds an advert and publishes it, then the home page shows it at once in each language, and both steps are audited', async () => {
    const id = await seedFair()
    expect((await homeAdverts()).body.data.items).toEqual([])
    const added = await staff('saveAdvert', advertInput(id)).expect(200)
    const advert = added.body.data.advert
    expect(advert).toMatchObject({ slug: 'dubai-in-march', published: false, state: 'unpublished', exhibitionId: id })
    expect((await homeAdverts()).body.data.items).toEqual([])
    const published = await staff('publishAdvert', { id: advert.id, version: advert.version, published: true }).expect(200)
    expect(published.body.data.advert.state).toBe('live')
    expect((await homeAdverts('zh-cn')).body.data.items).toEqual([
      expect.objectContaining({ slug: 'dubai-in-march', title: '三月迪拜', cta: '立即预订', href: `/backDetail/${id}` }),
    ])
    // Thai falls back to English.
    expect((await homeAdverts('th')).body.data.items[0]).toMatchObject({ title: 'Dubai in March', fellBackTo: 'en' })
    expect(await auditOf('console$saveAdvert')).toMatchObject([{ staff_id: editor.id, target: `advert:${advert.id}`, before: null }])
    expect(await auditOf('console$publishAdvert')).toMatchObject([{ before: { published: false }, after: { published: true } }])

    const unpublished = await staff('publishAdvert', { id: advert.id, version: published.body.data.advert.version, published: false }).expect(200)
    expect(unpublished.body.data.advert.state).toBe('unpublished')
    expect((await homeAdverts()).body.data.items).toEqual([])
  })

  it('when an advert is scheduled, then it is listed as scheduled and the home page shows it only inside its window', async () => {
    const added = await staff('saveAdvert', advertInput(null, { showsFrom: '2030-06-02T00:00', showsUntil: '2030-06-09T00:00' })).expect(200)
    const advert = added.body.data.advert
    const live = await staff('publishAdvert', { id: advert.id, version: advert.version, published: true }).expect(200)
    expect(live.body.data.advert).toMatchObject({ state: 'scheduled', showsFrom: '2030-06-02T00:00' })
    expect((await homeAdverts()).body.data.items).toEqual([])
    setMoment('2030-06-03T00:00:00Z')
    visitorToken = (await request(app).post('/api/token')).body.access_token
    expect((await homeAdverts()).body.data.items.map((item: { slug: string }) => item.slug)).toEqual(['dubai-in-march'])
  })

  it('when an advert link is not a site path or https, or its texts are half written, then 400 names the field; two saves at once give one 409', async () => {
    const bad = async (overrides: Record<string, unknown>, field: string, message: string) => {
      const answer = await staff('saveAdvert', advertInput(null, overrides))
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400)
      expect(answer.body.data.fields[field]).toBe(message)
    }
    await bad({ link: 'javascript:alert(1)' }, 'link', 'console:errors.advertLink')
    await bad({ link: 'http://plain.example' }, 'link', 'console:errors.advertLink')
    await bad({ link: '//evil.example' }, 'link', 'console:errors.advertLink')
    await bad({ link: null }, 'link', 'console:errors.advertTarget')
    await bad({ image: 'javascript:alert(1)' }, 'image', 'console:errors.contentAsset')
    await bad({ showsFrom: '2030-06-09T00:00', showsUntil: '2030-06-02T00:00' }, 'showsUntil', 'console:errors.endBeforeStart')
    await bad({ texts: { en: { title: 'Only a title', text: '', cta: '', alt: '' } } }, 'texts.en.cta', 'errors.required')
    await bad({ exhibitionId: 999999, link: null }, 'exhibitionId', 'console:errors.exhibitionNotFound')
    expect(await auditOf('console$saveAdvert')).toHaveLength(0)

    const { advert } = (await staff('saveAdvert', advertInput(null)).expect(200)).body.data
    const first = await staff('saveAdvert', advertInput(null, { id: advert.id, version: advert.version, sort: 3 }))
    const second = await staff('saveAdvert', advertInput(null, { id: advert.id, version: advert.version, link: '/brandExhibition.html' }))
    expect(first.status).toBe(200)
    expect([second.status, second.body.message]).toEqual([409, 'console:errors.contentChanged'])
    const listed = (await staff('advertList', {}).expect(200)).body.data.adverts
    expect(listed).toMatchObject([{ id: advert.id, sort: 3, link: '/verify.html' }])
  })

  it("when an editor is limited to some exhibitions, then they keep only those exhibitions' adverts", async () => {
    const mine = await seedFair()
    const other = await seedFair('other-2031')
    const own = (await staff('saveAdvert', advertInput(mine)).expect(200)).body.data.advert
    const theirs = (await staff('saveAdvert', advertInput(other, { texts: { en: { title: 'Other fair', cta: 'Go', alt: 'A hall' } } })).expect(200)).body.data
      .advert
    const siteWide = (await staff('saveAdvert', advertInput(null, { texts: { en: { title: 'Verify', cta: 'Check', alt: 'A shield' } } })).expect(200)).body.data
      .advert
    const owner = await setUpMember(app, db, ['owner'])
    await staff('updateMember', { id: editor.id, exhibitionIds: [mine] }, owner).expect(200)
    expect((await staff('advertList', {}).expect(200)).body.data.adverts.map((advert: { id: number }) => advert.id)).toEqual([own.id])
    const foreign = await staff('publishAdvert', { id: theirs.id, version: theirs.version, published: true })
    expect([foreign.status, foreign.body.message]).toEqual([404, 'console:errors.advertNotFound'])
    const global = await staff('saveAdvert', advertInput(null, { id: siteWide.id, version: siteWide.version }))
    expect([global.status, global.body.message]).toEqual([403, 'console:errors.exhibitionScope'])
    await staff('publishAdvert', { id: own.id, version: own.version, published: true }).expect(200)
  })

  it('when a member is not an editor, then adverts are refused with 403', async () => {
    const support = await setUpMember(app, db, ['support'])
    expect((await staff('advertList', {}, support)).status).toBe(403)
    expect((await staff('saveAdvert', advertInput(null), support)).status).toBe(403)
  })
})
