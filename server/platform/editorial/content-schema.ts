import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { parseMediaPath } from '../../../shared/rules/media.ts'
import { BULLETIN_KINDS, NEWS_TAGS, VIDEO_CATEGORIES, VIDEO_SOURCE_TYPES } from '../../../shared/rules/editorial.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'

/**
 * The files of the editorial content kinds (content/README.md):
 *
 * - `news/<slug>.md`: one article in every language it has. Shared fields and the per-language
 *   `title.<locale>`, `summary.<locale>` and `coverAlt.<locale>` sit in the front matter; the body
 *   holds one Markdown section per language, each opened by a `<!-- lang: <locale> -->` line.
 * - `videos/<slug>.json`, `bulletins/<slug>.json`: JSON with `texts` by locale.
 *
 * English is required everywhere (every fallback chain ends in it). `{{brand}}` in any text becomes
 * the configured brand name (BRAND_NAME) when it is read. Messages are plain English for the person
 * editing the files, keyed by the path of the field inside the file.
 */

const PUBLIC_DIR = fileURLToPath(new URL('../../../public/', import.meta.url))

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
const instant = z
  .string('must be a date and time like 2026-11-22T09:00:00Z')
  .refine((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date and time with its offset, like 2026-11-22T09:00:00Z')
const slugPattern = /^[a-z0-9][a-z0-9-]{0,63}$/
const slug = z.string('must be a text').regex(slugPattern, 'must be lower-case letters, digits and dashes (at most 64)')
const line = (max: number) => z.string('must be a text').trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`)
const optionalLine = (max: number) => z.string('must be a text').trim().max(max, `must be at most ${max} characters`).default('')
const size = z.number('must be a number').int('must be a whole number').positive('must be positive').max(10_000, 'is too large')

/** A file of this site (`/demo/...`, which must exist under public/) or an https address. */
const asset = (extensions: RegExp, what: string) =>
  z
    .string('must be a text')
    .max(500, 'must be at most 500 characters')
    .regex(/^(\/(?!\/)[A-Za-z0-9._~/-]+|https:\/\/[^\s"'<>]+)$/, 'must be a path from the site root (like /demo/x.svg) or an https address')
    .refine((value) => extensions.test(value.replace(/[?#].*$/, '')), `must be ${what}`)
    // Uploaded media (/media/...) live in the media store, not under public/.
    .refine(
      (value) => !value.startsWith('/') || parseMediaPath(value) !== null || (!value.includes('..') && existsSync(`${PUBLIC_DIR}${value.slice(1)}`)),
      'no such file under public/',
    )

const image = asset(/\.(svg|png|jpe?g|webp|avif)$/i, 'an image (.svg, .png, .jpg, .webp or .avif)')

/** Texts by locale: any of the 12 locales, English required. */
function localised<T extends z.ZodType>(schema: T) {
  return z.partialRecord(z.enum(LOCALES, 'is not one of the 12 locales'), schema, 'must be an object of texts by locale').superRefine((texts, ctx) => {
    if (!texts.en) ctx.addIssue({ code: 'custom', path: ['en'], message: 'English texts are required: every fallback chain ends in English' })
  })
}

export function zodProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // One problem per unknown field, so a typo is reported where it is.
      for (const key of issue.keys) problems[[...issue.path.map(String), key].join('.')] ??= 'is not a known field'
      continue
    }
    const path = issue.path.map(String).join('.') || '(file)'
    problems[path] ??= issue.message
  }
  return problems
}

// ---------------------------------------------------------------------------------------------
// News articles (Markdown)

export interface ArticleText {
  title: string
  summary: string
  coverAlt: string
  bodyMarkdown: string
}

export interface ArticleFile {
  slug: string
  publishedAt: string
  published: boolean
  cover: { src: string; width: number; height: number } | null
  tags: Array<(typeof NEWS_TAGS)[number]>
  exhibition: string | null
  texts: Partial<Record<Locale, ArticleText>>
}

const articleShared = z.strictObject({
  publishedAt: instant,
  published: z.boolean('must be true or false').default(true),
  cover: image.nullable().default(null),
  coverWidth: size.nullable().default(null),
  coverHeight: size.nullable().default(null),
  tags: z
    .array(z.enum(NEWS_TAGS, `must be one of ${NEWS_TAGS.join(', ')}`), 'must be a list like ["exhibitions", "fintech"]')
    .max(5, 'at most 5 tags')
    .default([]),
  exhibition: slug.nullable().default(null),
})

const articleTexts = z.object({
  title: line(200),
  summary: line(600),
  coverAlt: optionalLine(300),
})

const LANGUAGE_LINE = /^<!--\s*lang:\s*([A-Za-z-]+)\s*-->[ \t]*$/gm
const LOCALISED_KEY = /^(title|summary|coverAlt)\.(.+)$/

/** Splits a body into its `<!-- lang: xx -->` sections. */
export function splitLanguageSections(body: string): { sections: Array<{ locale: string; markdown: string }>; preamble: string } {
  const marks = [...body.matchAll(LANGUAGE_LINE)]
  const preamble = body.slice(0, marks[0]?.index ?? body.length)
  const sections = marks.map((mark, index) => {
    const start = (mark.index ?? 0) + mark[0].length
    const end = marks[index + 1]?.index ?? body.length
    return { locale: (mark[1] ?? '').toLowerCase(), markdown: body.slice(start, end).trim() }
  })
  return { sections, preamble }
}

/** Checks one news file and returns it parsed, or the problems by field. */
export function validateArticleFile(name: string, data: unknown): { file: ArticleFile | null; problems: Record<string, string> } {
  const match = /^(.+)\.md$/.exec(name)
  if (!match) return { file: null, problems: { '(file)': 'news articles are Markdown files (<slug>.md)' } }
  const stem = match[1] ?? ''
  if (!slugPattern.test(stem)) return { file: null, problems: { '(file)': 'the file name must be the slug: lower-case letters, digits and dashes' } }
  const { frontMatter = {}, body = '' } = (data ?? {}) as { frontMatter?: Record<string, unknown>; body?: string }
  const problems: Record<string, string> = {}

  const shared: Record<string, unknown> = {}
  const byLocale = new Map<string, Record<string, unknown>>()
  for (const [key, value] of Object.entries(frontMatter)) {
    const localised = LOCALISED_KEY.exec(key)
    if (!localised) {
      shared[key] = value
      continue
    }
    const [, field = '', locale = ''] = localised
    if (!(LOCALES as readonly string[]).includes(locale)) {
      problems[key] = `"${locale}" is not one of the 12 locales (${LOCALES.join(', ')})`
      continue
    }
    byLocale.set(locale, { ...byLocale.get(locale), [field]: value })
  }

  const parsedShared = articleShared.safeParse(shared)
  if (!parsedShared.success) Object.assign(problems, zodProblems(parsedShared.error))
  const cover = parsedShared.success ? parsedShared.data : null
  if (cover && (cover.cover === null) !== (cover.coverWidth === null || cover.coverHeight === null)) {
    problems[cover.cover === null ? 'cover' : 'coverWidth'] = 'cover, coverWidth and coverHeight go together'
  }

  const { sections, preamble } = splitLanguageSections(body)
  if (preamble.trim()) problems.body = 'text before the first <!-- lang: xx --> line belongs to no language'
  const bodies = new Map<string, string>()
  for (const section of sections) {
    if (!(LOCALES as readonly string[]).includes(section.locale)) problems[`body.${section.locale}`] = 'is not one of the 12 locales'
    else if (bodies.has(section.locale)) problems[`body.${section.locale}`] = 'this language has two body sections'
    else if (!section.markdown) problems[`body.${section.locale}`] = 'must not be empty'
    else if (section.markdown.length > 60_000) problems[`body.${section.locale}`] = 'must be at most 60000 characters'
    bodies.set(section.locale, section.markdown)
  }

  const texts: Partial<Record<Locale, ArticleText>> = {}
  for (const locale of LOCALES) {
    const fields = byLocale.get(locale)
    const bodyMarkdown = bodies.get(locale)
    if (!fields && bodyMarkdown === undefined) continue
    if (!fields) {
      problems[`title.${locale}`] = `the ${locale} body needs a title.${locale} and summary.${locale}`
      continue
    }
    if (bodyMarkdown === undefined) problems[`body.${locale}`] = `missing: add a <!-- lang: ${locale} --> section`
    const parsed = articleTexts.safeParse(fields)
    if (!parsed.success) {
      for (const [field, message] of Object.entries(zodProblems(parsed.error))) problems[`${field}.${locale}`] = message
      continue
    }
    if (cover?.cover && !parsed.data.coverAlt) problems[`coverAlt.${locale}`] = 'an article with a cover needs its alternative text'
    texts[locale] = { ...parsed.data, bodyMarkdown: bodyMarkdown ?? '' }
  }
  if (!byLocale.has('en') && !problems['title.en']) problems['title.en'] = 'English texts are required: every fallback chain ends in English'

  if (Object.keys(problems).length || !cover) return { file: null, problems }
  return {
    file: {
      slug: stem,
      publishedAt: cover.publishedAt,
      published: cover.published,
      cover: cover.cover && cover.coverWidth && cover.coverHeight ? { src: cover.cover, width: cover.coverWidth, height: cover.coverHeight } : null,
      tags: [...new Set(cover.tags)],
      exhibition: cover.exhibition,
      texts,
    },
    problems,
  }
}

// ---------------------------------------------------------------------------------------------
// Videos (JSON)

const SOURCE_EXTENSIONS: Record<(typeof VIDEO_SOURCE_TYPES)[number], RegExp> = {
  'video/mp4': /\.mp4$/i,
  'video/webm': /\.webm$/i,
  'application/vnd.apple.mpegurl': /\.m3u8$/i,
}

export const videoFileSchema = z.strictObject({
  slug,
  category: z.enum(VIDEO_CATEGORIES, `must be one of ${VIDEO_CATEGORIES.join(', ')}`),
  publishedAt: instant,
  published: z.boolean('must be true or false').default(true),
  durationSeconds: z.number('must be a number').int('must be a whole number').positive('must be positive').max(86_400, 'at most a day'),
  poster: z.object({ src: image, width: size, height: size }).nullable().default(null),
  sources: z
    .array(
      z
        .object({
          src: asset(/\.(mp4|webm|m3u8)$/i, 'a video file (.mp4, .webm) or an HLS playlist (.m3u8)'),
          type: z.enum(VIDEO_SOURCE_TYPES, `must be one of ${VIDEO_SOURCE_TYPES.join(', ')}`),
        })
        .superRefine((source, ctx) => {
          if (!SOURCE_EXTENSIONS[source.type].test(source.src)) ctx.addIssue({ code: 'custom', path: ['src'], message: `does not look like ${source.type}` })
        }),
      'must be a list of { "src", "type" }',
    )
    .min(1, 'a video needs at least one source')
    .max(6, 'at most 6 sources'),
  captions: z
    .array(
      z.object({ src: asset(/\.vtt$/i, 'a WebVTT file (.vtt)'), locale: z.enum(LOCALES, 'is not one of the 12 locales') }),
      'must be a list of { "src", "locale" }',
    )
    .default([]),
  exhibition: slug.nullable().default(null),
  texts: localised(z.object({ title: line(200), description: optionalLine(1000), posterAlt: optionalLine(300) })),
})

export type VideoFile = z.output<typeof videoFileSchema>

export function validateVideoFile(name: string, data: unknown): { file: VideoFile | null; problems: Record<string, string> } {
  if (!name.endsWith('.json')) return { file: null, problems: { '(file)': 'videos are JSON files (<slug>.json)' } }
  const parsed = videoFileSchema.safeParse(data)
  if (!parsed.success) return { file: null, problems: zodProblems(parsed.error) }
  const file = parsed.data
  const problems: Record<string, string> = {}
  if (`${file.slug}.json` !== name) problems.slug = `must match the file name (${name.replace(/\.json$/, '')})`
  const captionLocales = file.captions.map((caption) => caption.locale)
  captionLocales.forEach((locale, index) => {
    if (captionLocales.indexOf(locale) !== index) problems[`captions.${index}.locale`] = `${locale} has two caption tracks`
  })
  return { file: Object.keys(problems).length ? null : file, problems }
}

// ---------------------------------------------------------------------------------------------
// Bulletins (JSON)

export const bulletinFileSchema = z.strictObject({
  slug,
  kind: z.enum(BULLETIN_KINDS, `must be one of ${BULLETIN_KINDS.join(', ')}`),
  publishedAt: instant,
  published: z.boolean('must be true or false').default(true),
  pinned: z.boolean('must be true or false').default(false),
  /** `body` is Markdown: paragraphs, lists, emphasis and links. */
  texts: localised(z.object({ title: line(200), body: line(5000) })),
})

export type BulletinFile = z.output<typeof bulletinFileSchema>

export function validateBulletinFile(name: string, data: unknown): { file: BulletinFile | null; problems: Record<string, string> } {
  if (!name.endsWith('.json')) return { file: null, problems: { '(file)': 'bulletins are JSON files (<slug>.json)' } }
  const parsed = bulletinFileSchema.safeParse(data)
  if (!parsed.success) return { file: null, problems: zodProblems(parsed.error) }
  if (`${parsed.data.slug}.json` !== name) return { file: null, problems: { slug: `must match the file name (${name.replace(/\.json$/, '')})` } }
  return { file: parsed.data, problems: {} }
}
