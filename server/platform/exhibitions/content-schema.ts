import { z } from 'zod'
import { AD_PLACEMENTS, CAMPAIGNS, EXHIBITION_TYPES, PARTNER_ROLES, PARTNER_TIERS, REGIONS, SESSION_KINDS } from '../../../shared/rules/exhibitions.ts'
import { LOCALES } from '../../../shared/languages.ts'
import { isTimeZone, localDate } from '../../../shared/zoned-time.ts'

/**
 * The files of the `exhibitions` and `adverts` content kinds (content/demo/exhibitions/<slug>.json,
 * content/demo/adverts/<slug>.json). Messages are plain English for the person editing the files;
 * `validate*` returns them keyed by the path of the field inside the file.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
const instant = z
  .string('must be a date and time like 2027-03-16T09:00:00+00:00')
  .refine((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date and time with its offset, like 2027-03-16T09:00:00+00:00')
const key = z.string('must be a text').regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and dashes (at most 64)')
const line = (max: number) => z.string('must be a text').trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`)
const optionalLine = (max: number) => z.string('must be a text').max(max, `must be at most ${max} characters`).default('')
/** A file served by this site (`/demo/...`) or an https address. */
const asset = z
  .string('must be a text')
  .max(500, 'must be at most 500 characters')
  .regex(/^(\/(?!\/)[A-Za-z0-9._~/-]+|https:\/\/[^\s"'<>]+)$/, 'must be a path from the site root (like /demo/x.svg) or an https address')
const webAddress = z
  .string('must be a text')
  .max(500, 'must be at most 500 characters')
  .regex(/^https?:\/\/[^\s"'<>]+$/, 'must be an http(s) address')

/** Per-language texts: any of the 12 locales, English required (it ends every fallback chain). */
function localised<T extends z.ZodType>(schema: T) {
  return z.partialRecord(z.enum(LOCALES, 'is not one of the 12 locales'), schema, 'must be an object of texts by locale').superRefine((texts, ctx) => {
    if (!texts.en) ctx.addIssue({ code: 'custom', path: ['en'], message: 'English texts are required: every fallback chain ends in English' })
  })
}

const campaignCopy = z.object({
  headline: line(160),
  pitch: line(600),
  benefits: z
    .array(z.object({ title: line(120), text: line(400) }), 'must be a list')
    .min(1, 'needs at least one benefit')
    .max(8, 'at most 8 benefits'),
})

export const exhibitionTextsSchema = z.object({
  title: line(160),
  tagline: optionalLine(200),
  summary: line(600),
  city: line(80),
  venueName: line(160),
  address: line(300),
  /** A little HTML: p, h3, ul, ol, li, strong, em, a, br (anything else is removed on import). */
  bodyHtml: optionalLine(20_000),
  highlights: z.array(line(300), 'must be a list').max(12, 'at most 12 highlights').default([]),
  recapSummary: optionalLine(2000),
  campaign: campaignCopy.nullable().default(null),
})

const speakerSchema = z.object({
  key,
  name: line(120),
  company: optionalLine(120),
  photo: asset.nullable().default(null),
  texts: localised(z.object({ title: line(160), bio: optionalLine(1200) })),
})

const sessionSchema = z.object({
  key,
  startsAt: instant,
  endsAt: instant,
  kind: z.enum(SESSION_KINDS, `must be one of ${SESSION_KINDS.join(', ')}`),
  room: optionalLine(80),
  speakers: z.array(key, 'must be a list of speaker keys').default([]),
  texts: localised(z.object({ title: line(200), description: optionalLine(1200) })),
})

const agendaDaySchema = z.object({
  date: z.string('must be a text').regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2027-03-16'),
  texts: localised(z.object({ title: optionalLine(160) })),
  sessions: z.array(sessionSchema, 'must be a list').default([]),
})

const partnerSchema = z.object({
  key,
  name: line(120),
  role: z.enum(PARTNER_ROLES, `must be one of ${PARTNER_ROLES.join(', ')}`),
  tier: z.enum(PARTNER_TIERS, `must be one of ${PARTNER_TIERS.join(', ')}`),
  logo: asset.nullable().default(null),
  url: webAddress.nullable().default(null),
  booth: optionalLine(20),
})

const photoSchema = z.object({
  key,
  src: asset,
  width: z.number('must be a number').int('must be a whole number').positive('must be positive').max(20_000, 'is too large'),
  height: z.number('must be a number').int('must be a whole number').positive('must be positive').max(20_000, 'is too large'),
  takenAt: instant.nullable().default(null),
  texts: localised(z.object({ caption: optionalLine(300) })),
})

const videoSchema = z
  .object({
    key,
    src: asset.nullable().default(null),
    videoSlug: key.nullable().default(null),
    poster: asset.nullable().default(null),
    durationSeconds: z.number('must be a number').int('must be a whole number').positive('must be positive').nullable().default(null),
    texts: localised(z.object({ title: line(200) })),
  })
  .superRefine((video, ctx) => {
    if (!video.src && !video.videoSlug)
      ctx.addIssue({ code: 'custom', path: ['src'], message: 'a video needs its own src or the videoSlug of a library video' })
  })

const figure = z.number('must be a number').int('must be a whole number').nonnegative('must not be negative').optional()

export const exhibitionFileSchema = z.object({
  slug: key,
  type: z.enum(EXHIBITION_TYPES, `must be one of ${EXHIBITION_TYPES.join(', ')}`),
  published: z.boolean('must be true or false').default(true),
  campaign: z
    .enum(CAMPAIGNS, `must be null or one of ${CAMPAIGNS.join(', ')}`)
    .nullable()
    .default(null),
  sort: z.number('must be a number').int('must be a whole number').default(0),
  region: z.enum(REGIONS, `must be one of ${REGIONS.join(', ')}`),
  countryCode: z.string('must be a text').regex(/^[A-Z]{2}$/, 'must be two upper-case letters (ISO 3166)'),
  city: line(80),
  timeZone: z.string('must be a text').refine(isTimeZone, 'must be an IANA time zone like Europe/London'),
  startsAt: instant,
  endsAt: instant,
  salesOpenAt: instant.nullable().default(null),
  salesCloseAt: instant.nullable().default(null),
  applicationsOpen: z.boolean('must be true or false').default(false),
  cover: asset.nullable().default(null),
  venue: z.object({
    lat: z.number('must be a number').min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90').nullable().default(null),
    lng: z.number('must be a number').min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180').nullable().default(null),
    mapImage: asset.nullable().default(null),
    mapZoom: z.number('must be a number').int('must be a whole number').min(3, 'must be 3 to 19').max(19, 'must be 3 to 19').default(15),
  }),
  recapFigures: z
    .strictObject(
      { attendees: figure, exhibitors: figure, speakers: figure, countries: figure, sessions: figure },
      'only attendees, exhibitors, speakers, countries and sessions',
    )
    .default({}),
  texts: localised(exhibitionTextsSchema),
  speakers: z.array(speakerSchema, 'must be a list').default([]),
  agenda: z.array(agendaDaySchema, 'must be a list').default([]),
  partners: z.array(partnerSchema, 'must be a list').default([]),
  photos: z.array(photoSchema, 'must be a list').default([]),
  videos: z.array(videoSchema, 'must be a list').default([]),
})

export type ExhibitionFile = z.output<typeof exhibitionFileSchema>
export type ExhibitionTextsFile = z.output<typeof exhibitionTextsSchema>

export const advertFileSchema = z.object({
  slug: key,
  placement: z.enum(AD_PLACEMENTS, `must be one of ${AD_PLACEMENTS.join(', ')}`).default('home'),
  published: z.boolean('must be true or false').default(true),
  sort: z.number('must be a number').int('must be a whole number').default(0),
  image: asset,
  width: z.number('must be a number').int('must be a whole number').positive('must be positive'),
  height: z.number('must be a number').int('must be a whole number').positive('must be positive'),
  /** A path inside the site without the language (/brandExhibition.html) or an https address; default: the exhibition's page. */
  link: z
    .string('must be a text')
    .regex(/^(\/(?!\/)[A-Za-z0-9._~/?=&%-]*|https:\/\/[^\s"'<>]+)$/, 'must be a path inside the site (like /brandExhibition.html) or an https address')
    .nullable()
    .default(null),
  /** The slug of the exhibition it advertises; the advert hides itself once that exhibition has ended. */
  exhibition: key.nullable().default(null),
  showsFrom: instant.nullable().default(null),
  showsUntil: instant.nullable().default(null),
  texts: localised(z.object({ title: line(140), text: optionalLine(300), cta: line(40), alt: line(200) })),
})

export type AdvertFile = z.output<typeof advertFileSchema>

function zodProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(file)'
    problems[path] ??= issue.message
  }
  return problems
}

const stem = (name: string) => name.replace(/\.json$/, '')

function duplicates(values: string[]): Set<string> {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const value of values) (seen.has(value) ? repeated : seen).add(value)
  return repeated
}

/** Checks one exhibition file: the schema, then what ties its fields together. */
export function validateExhibitionFile(name: string, data: unknown): { file: ExhibitionFile | null; problems: Record<string, string> } {
  if (!name.endsWith('.json')) return { file: null, problems: { '(file)': 'exhibitions are JSON files' } }
  const parsed = exhibitionFileSchema.safeParse(data)
  if (!parsed.success) return { file: null, problems: zodProblems(parsed.error) }
  const file = parsed.data
  const problems: Record<string, string> = {}
  if (file.slug !== stem(name)) problems.slug = `must match the file name (${stem(name)})`
  const starts = Date.parse(file.startsAt)
  const ends = Date.parse(file.endsAt)
  if (ends <= starts) problems.endsAt = 'must be after startsAt'
  if (file.salesOpenAt && Date.parse(file.salesOpenAt) >= ends) problems.salesOpenAt = 'must be before endsAt'
  if (file.salesCloseAt && !file.salesOpenAt) problems.salesCloseAt = 'needs salesOpenAt'
  if (file.salesOpenAt && file.salesCloseAt && Date.parse(file.salesCloseAt) <= Date.parse(file.salesOpenAt))
    problems.salesCloseAt = 'must be after salesOpenAt'
  if (file.salesCloseAt && Date.parse(file.salesCloseAt) > ends) problems.salesCloseAt = 'must not be after endsAt'
  if ((file.venue.lat === null) !== (file.venue.lng === null)) problems['venue.lng'] = 'lat and lng go together'
  if (file.campaign && !file.texts.en?.campaign) problems['texts.en.campaign'] = 'a campaign exhibition needs its campaign copy'

  const speakerKeys = file.speakers.map((speaker) => speaker.key)
  for (const repeated of duplicates(speakerKeys)) problems[`speakers.${speakerKeys.lastIndexOf(repeated)}.key`] = `"${repeated}" is used twice`
  const days = file.agenda.map((day) => day.date)
  for (const repeated of duplicates(days)) problems[`agenda.${days.lastIndexOf(repeated)}.date`] = `${repeated} is listed twice`
  const sessionKeys = file.agenda.flatMap((day) => day.sessions.map((session) => session.key))
  const repeatedSessions = duplicates(sessionKeys)
  file.agenda.forEach((day, dayIndex) => {
    const firstDay = localDate(new Date(starts), file.timeZone)
    const lastDay = localDate(new Date(ends), file.timeZone)
    if (day.date < firstDay || day.date > lastDay) problems[`agenda.${dayIndex}.date`] = `must be a day of the exhibition (${firstDay} to ${lastDay})`
    day.sessions.forEach((session, sessionIndex) => {
      const path = `agenda.${dayIndex}.sessions.${sessionIndex}`
      if (repeatedSessions.has(session.key)) problems[`${path}.key`] = `"${session.key}" is used twice`
      const sessionStart = new Date(session.startsAt)
      if (Date.parse(session.endsAt) < sessionStart.getTime()) problems[`${path}.endsAt`] = 'must not be before startsAt'
      if (localDate(sessionStart, file.timeZone) !== day.date) problems[`${path}.startsAt`] = `must fall on ${day.date} in ${file.timeZone}`
      session.speakers.forEach((speaker, speakerIndex) => {
        if (!speakerKeys.includes(speaker)) problems[`${path}.speakers.${speakerIndex}`] = `no speaker "${speaker}" in this file`
      })
    })
  })
  for (const [list, items] of [
    ['partners', file.partners],
    ['photos', file.photos],
    ['videos', file.videos],
  ] as const) {
    const keys = items.map((item) => item.key)
    for (const repeated of duplicates(keys)) problems[`${list}.${keys.lastIndexOf(repeated)}.key`] = `"${repeated}" is used twice`
  }
  return { file: Object.keys(problems).length ? null : file, problems }
}

export function validateAdvertFile(name: string, data: unknown): { file: AdvertFile | null; problems: Record<string, string> } {
  if (!name.endsWith('.json')) return { file: null, problems: { '(file)': 'adverts are JSON files' } }
  const parsed = advertFileSchema.safeParse(data)
  if (!parsed.success) return { file: null, problems: zodProblems(parsed.error) }
  const file = parsed.data
  const problems: Record<string, string> = {}
  if (file.slug !== stem(name)) problems.slug = `must match the file name (${stem(name)})`
  if (file.showsFrom && file.showsUntil && Date.parse(file.showsUntil) <= Date.parse(file.showsFrom)) problems.showsUntil = 'must be after showsFrom'
  if (!file.link && !file.exhibition) problems.link = 'an advert needs a link or an exhibition'
  return { file: Object.keys(problems).length ? null : file, problems }
}
