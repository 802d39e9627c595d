import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { LOCAL_TIME_PATTERN } from '../rules/console-catalog.ts'
import {
  ADVERT_LINK_PATTERN,
  ADVERT_STATES,
  ASSET_PATTERN,
  CONTENT_KEY_PATTERN,
  CONTENT_LIMITS as LIMITS,
  CONTENT_PARTS,
  DAY_PATTERN,
  WEB_ADDRESS_PATTERN,
} from '../rules/exhibition-content.ts'
import { AD_PLACEMENTS, PARTNER_ROLES, PARTNER_TIERS, RECAP_FIGURES, SESSION_KINDS } from '../rules/exhibitions.ts'
import { defineContract } from './define.ts'

/**
 * The exhibition content editor and the adverts of the console (docs/product.md#console-pages). An exhibition's content is
 * saved one part at a time (recap, speakers, agenda, partners, photos, videos, map), each part with the
 * version it was read at: of two editors saving the same part at once, the second gets a conflict
 * instead of silently undoing the first. Lists are saved whole, in the order given (that is how they
 * are reordered). Times are the venue's wall clock (YYYY-MM-DDTHH:mm in the exhibition's zone); an
 * advert's window is in UTC. Messages are `console:errors.*` keys or `errors.*` of `common`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const text = (max: number) => z.string({ error: 'errors.invalid' }).trim().max(max, 'errors.tooLong')
const required = (max: number) => text(max).min(1, 'errors.required')
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable()) as unknown as z.ZodType<z.output<T> | null, unknown>
const asset = nullable(text(LIMITS.address).regex(ASSET_PATTERN, 'console:errors.contentAsset'))
const key = z.string({ error: 'errors.invalid' }).regex(CONTENT_KEY_PATTERN, 'console:errors.contentKey')
/** Absent for a new item: the platform makes one from its name. */
const itemKey = nullable(key).optional()
const localTime = z.string({ error: 'errors.required' }).regex(LOCAL_TIME_PATTERN, 'console:errors.localTime')
const pixels = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(LIMITS.pixelsMax, 'errors.invalid')
const tooMany = 'console:errors.contentTooMany'
const locale = z.enum(LOCALES)

/**
 * Texts by locale. A language whose fields are all empty is missing (its visitors read the fallback);
 * a language written at all needs its `need` field; English needs it always (every fallback ends there).
 */
function localised<S extends z.ZodRawShape>(shape: S, need: (keyof S & string) | null) {
  return z
    .partialRecord(locale, z.object(shape), { error: 'errors.invalid' })
    .transform((texts) => {
      const kept: Partial<Record<(typeof LOCALES)[number], z.output<z.ZodObject<S>>>> = {}
      for (const [name, value] of Object.entries(texts) as Array<[(typeof LOCALES)[number], Record<string, string>]>) {
        if (Object.values(value).some((field) => typeof field === 'string' && field !== '')) kept[name] = value as never
      }
      return kept
    })
    .superRefine((texts, ctx) => {
      if (!need) return
      for (const [name, value] of Object.entries(texts) as Array<[string, Record<string, string>]>) {
        if (!value[need]) ctx.addIssue({ code: 'custom', path: [name, need], message: 'errors.required' })
      }
      if (!(texts.en as Record<string, string> | undefined)?.[need])
        ctx.addIssue({ code: 'custom', path: ['en', need], message: 'console:errors.contentEnglish' })
    })
}

export const recapInput = z.object({
  figures: z.partialRecord(
    z.enum(RECAP_FIGURES),
    nullable(z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(0, 'errors.invalid').max(LIMITS.figureMax, 'errors.invalid')),
  ),
  /** The recap's summary per language; only languages the exhibition has texts in. */
  texts: z.partialRecord(locale, text(LIMITS.recap)),
})

export const speakerInput = z.object({
  key: itemKey,
  name: required(LIMITS.name),
  company: text(LIMITS.company).default(''),
  photo: asset,
  texts: localised({ title: text(LIMITS.speakerTitle).default(''), bio: text(LIMITS.bio).default('') }, 'title'),
})

export const sessionInput = z.object({
  key: itemKey,
  startsAt: localTime,
  endsAt: localTime,
  kind: z.enum(SESSION_KINDS, { error: 'errors.invalid' }),
  room: text(LIMITS.room).default(''),
  /** Speakers by key, in the order they are shown. */
  speakers: z.array(key).max(LIMITS.sessionSpeakers, tooMany).default([]),
  texts: localised({ title: text(LIMITS.sessionTitle).default(''), description: text(LIMITS.description).default('') }, 'title'),
})

export const agendaDayInput = z.object({
  date: z.string({ error: 'errors.required' }).regex(DAY_PATTERN, 'console:errors.contentDay'),
  texts: localised({ title: text(LIMITS.dayTitle).default('') }, null),
  sessions: z.array(sessionInput).max(LIMITS.sessions, tooMany).default([]),
})

export const partnerInput = z.object({
  key: itemKey,
  name: required(LIMITS.name),
  role: z.enum(PARTNER_ROLES, { error: 'errors.invalid' }),
  tier: z.enum(PARTNER_TIERS, { error: 'errors.invalid' }),
  logo: asset,
  url: nullable(text(LIMITS.address).regex(WEB_ADDRESS_PATTERN, 'console:errors.contentWebAddress')),
  booth: text(LIMITS.booth).default(''),
})

export const photoInput = z.object({
  key: itemKey,
  src: required(LIMITS.address).regex(ASSET_PATTERN, 'console:errors.contentAsset'),
  width: pixels,
  height: pixels,
  takenAt: nullable(localTime),
  texts: localised({ caption: text(LIMITS.caption).default('') }, null),
})

export const videoInput = z
  .object({
    key: itemKey,
    src: asset,
    videoSlug: nullable(key),
    poster: asset,
    durationSeconds: nullable(z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(86_400, 'errors.invalid')),
    texts: localised({ title: text(LIMITS.videoTitle).default('') }, 'title'),
  })
  .superRefine((video, ctx) => {
    if (!video.src && !video.videoSlug) ctx.addIssue({ code: 'custom', path: ['src'], message: 'console:errors.contentVideoSource' })
  })

export const mapInput = z
  .object({
    lat: nullable(z.coerce.number({ error: 'errors.invalid' }).min(-90, 'console:errors.contentLatitude').max(90, 'console:errors.contentLatitude')),
    lng: nullable(z.coerce.number({ error: 'errors.invalid' }).min(-180, 'console:errors.contentLongitude').max(180, 'console:errors.contentLongitude')),
    mapImage: asset,
    mapZoom: z.coerce
      .number({ error: 'errors.invalid' })
      .int('console:errors.contentZoom')
      .min(3, 'console:errors.contentZoom')
      .max(19, 'console:errors.contentZoom'),
  })
  .superRefine((map, ctx) => {
    if ((map.lat === null) !== (map.lng === null))
      ctx.addIssue({ code: 'custom', path: [map.lat === null ? 'lat' : 'lng'], message: 'console:errors.contentPin' })
  })

const version = z.string({ error: 'errors.invalid' }).max(100, 'errors.invalid')
const partSave = <P extends (typeof CONTENT_PARTS)[number], S extends z.ZodRawShape>(part: P, shape: S) =>
  z.object({ id, version, part: z.literal(part), ...shape })

/** One part of an exhibition with the version it was read at. */
export const contentSaveInput = z.discriminatedUnion(
  'part',
  [
    partSave('recap', { recap: recapInput }),
    partSave('speakers', { speakers: z.array(speakerInput).max(LIMITS.speakers, tooMany) }),
    partSave('agenda', { agenda: z.array(agendaDayInput).max(LIMITS.days, tooMany) }),
    partSave('partners', { partners: z.array(partnerInput).max(LIMITS.partners, tooMany) }),
    partSave('photos', { photos: z.array(photoInput).max(LIMITS.photos, tooMany) }),
    partSave('videos', { videos: z.array(videoInput).max(LIMITS.videos, tooMany) }),
    partSave('map', { map: mapInput }),
  ],
  { error: 'errors.invalid' },
)

const localTexts = <S extends z.ZodRawShape>(shape: S) => z.partialRecord(locale, z.object(shape))

/** An exhibition's content as the editor shows it (the same values the save takes). */
export const exhibitionContentView = z.object({
  exhibition: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    published: z.boolean(),
    timeZone: z.string(),
    /** The venue's first and last calendar day: the days an agenda may have. */
    firstDay: z.string(),
    lastDay: z.string(),
    /** The languages the exhibition has texts in (a recap needs them). */
    locales: z.array(locale),
  }),
  recap: z.object({
    figures: z.partialRecord(z.enum(RECAP_FIGURES), z.number().int().nullable()),
    texts: z.partialRecord(locale, z.string()),
  }),
  speakers: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      company: z.string(),
      photo: z.string().nullable(),
      texts: localTexts({ title: z.string(), bio: z.string() }),
    }),
  ),
  agenda: z.array(
    z.object({
      date: z.string(),
      texts: localTexts({ title: z.string() }),
      sessions: z.array(
        z.object({
          key: z.string(),
          startsAt: z.string(),
          endsAt: z.string(),
          kind: z.enum(SESSION_KINDS),
          room: z.string(),
          speakers: z.array(z.string()),
          texts: localTexts({ title: z.string(), description: z.string() }),
        }),
      ),
    }),
  ),
  partners: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      role: z.enum(PARTNER_ROLES),
      tier: z.enum(PARTNER_TIERS),
      logo: z.string().nullable(),
      url: z.string().nullable(),
      booth: z.string(),
    }),
  ),
  photos: z.array(
    z.object({
      key: z.string(),
      src: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      takenAt: z.string().nullable(),
      texts: localTexts({ caption: z.string() }),
    }),
  ),
  videos: z.array(
    z.object({
      key: z.string(),
      src: z.string().nullable(),
      videoSlug: z.string().nullable(),
      poster: z.string().nullable(),
      durationSeconds: z.number().int().nullable(),
      texts: localTexts({ title: z.string() }),
    }),
  ),
  map: z.object({ lat: z.number().nullable(), lng: z.number().nullable(), mapImage: z.string().nullable(), mapZoom: z.number().int() }),
  /** Each part's version, to send back with its save. */
  versions: z.record(z.enum(CONTENT_PARTS), z.string()),
})

export const contentExhibitions = defineContract({
  ...CONSOLE.contentExhibitions,
  payload: z.object({}),
  result: z.object({
    rows: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        title: z.string(),
        startsAt: z.string(),
        published: z.boolean(),
        speakers: z.number().int(),
        sessions: z.number().int(),
        partners: z.number().int(),
        photos: z.number().int(),
      }),
    ),
  }),
})

export const exhibitionContent = defineContract({
  ...CONSOLE.exhibitionContent,
  payload: z.object({ id }),
  result: exhibitionContentView,
})

export const saveExhibitionContent = defineContract({
  ...CONSOLE.saveExhibitionContent,
  payload: contentSaveInput,
  result: exhibitionContentView,
})

const advertTexts = localised(
  {
    title: text(LIMITS.advertTitle).default(''),
    text: text(LIMITS.advertText).default(''),
    cta: text(LIMITS.cta).default(''),
    alt: text(LIMITS.alt).default(''),
  },
  'title',
).superRefine((texts, ctx) => {
  // A written language needs its button and its image description too (the content file's rule).
  for (const [name, value] of Object.entries(texts) as Array<[string, Record<string, string>]>) {
    if (!value.cta) ctx.addIssue({ code: 'custom', path: [name, 'cta'], message: 'errors.required' })
    if (!value.alt) ctx.addIssue({ code: 'custom', path: [name, 'alt'], message: 'errors.required' })
  }
})

export const advertInput = z
  .object({
    /** Without `id`: a new advert, unpublished until published. */
    id: id.optional(),
    /** The version the advert was read at (required with `id`). */
    version: version.optional(),
    slug: nullable(key).optional(),
    placement: z.enum(AD_PLACEMENTS, { error: 'errors.invalid' }).default('home'),
    image: required(LIMITS.address).regex(ASSET_PATTERN, 'console:errors.contentAsset'),
    width: pixels,
    height: pixels,
    link: nullable(text(LIMITS.address).regex(ADVERT_LINK_PATTERN, 'console:errors.advertLink')),
    exhibitionId: nullable(id),
    showsFrom: nullable(localTime),
    showsUntil: nullable(localTime),
    sort: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(0, 'errors.invalid').max(1000, 'errors.invalid').default(0),
    texts: advertTexts,
  })
  .superRefine((advert, ctx) => {
    if (!advert.link && !advert.exhibitionId) ctx.addIssue({ code: 'custom', path: ['link'], message: 'console:errors.advertTarget' })
    if (advert.showsFrom && advert.showsUntil && advert.showsUntil <= advert.showsFrom)
      ctx.addIssue({ code: 'custom', path: ['showsUntil'], message: 'console:errors.endBeforeStart' })
  })

export const advertView = z.object({
  id: z.number().int(),
  slug: z.string(),
  placement: z.enum(AD_PLACEMENTS),
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  link: z.string().nullable(),
  exhibitionId: z.number().int().nullable(),
  showsFrom: z.string().nullable(),
  showsUntil: z.string().nullable(),
  sort: z.number().int(),
  published: z.boolean(),
  state: z.enum(ADVERT_STATES),
  texts: localTexts({ title: z.string(), text: z.string(), cta: z.string(), alt: z.string() }),
  version: z.string(),
})

export const advertList = defineContract({
  ...CONSOLE.advertList,
  payload: z.object({}),
  result: z.object({
    adverts: z.array(advertView),
    /** What an advert may point at. */
    exhibitions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
})

export const saveAdvert = defineContract({
  ...CONSOLE.saveAdvert,
  payload: advertInput,
  result: z.object({ advert: advertView }),
})

export const publishAdvert = defineContract({
  ...CONSOLE.publishAdvert,
  payload: z.object({ id, version, published: z.boolean({ error: 'errors.invalid' }) }),
  result: z.object({ advert: advertView }),
})

export type ExhibitionContent = z.output<typeof exhibitionContentView>
export type ContentSave = z.input<typeof contentSaveInput>
export type AdvertView = z.output<typeof advertView>
export type AdvertInput = z.input<typeof advertInput>
