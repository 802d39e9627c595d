import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { EDITORIAL_KINDS, EDITORIAL_LIMITS, EDITORIAL_STATES, SLUG_PATTERN } from '../rules/console-editorial.ts'
import { BULLETIN_KINDS, NEWS_TAGS, VIDEO_CATEGORIES, VIDEO_SOURCE_TYPES } from '../rules/editorial.ts'
import { defineContract } from './define.ts'

/**
 * The content editor in the organiser's console (docs/product.md#console-content; role `editor`, docs/product.md#console-access): news,
 * bulletins and videos with their texts in the 12 languages, drafts, scheduled publishing,
 * unpublishing and preview links. Every change names the version it was made on (`expected`, the
 * item's `version` as read): a change made by someone else since then refuses it with a 409.
 * Messages are `console:errors.*` keys or `errors.*`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(2_147_483_647, 'errors.invalid')
const kind = z.enum(EDITORIAL_KINDS, { error: 'errors.invalid' })
const state = z.enum(EDITORIAL_STATES, { error: 'errors.invalid' })
const locale = z.enum(LOCALES, { error: 'errors.invalid' })
const version = z.string({ error: 'errors.invalid' }).min(1, 'errors.invalid').max(64, 'errors.invalid')
const text = (max: number) =>
  z
    .string({ error: 'errors.invalid' })
    .max(max, 'errors.tooLong')
    .transform((value) => value.normalize('NFC').trim())
    .default('')

/** An address the pages may load: a path on this site or an https URL (never javascript:, data:, http:). */
const address = z
  .string({ error: 'console:errors.editorialAddress' })
  .trim()
  .max(EDITORIAL_LIMITS.url, 'errors.tooLong')
  .refine((value) => /^\/(?!\/)[^\s\\]*$/.test(value) || /^https:\/\/[^\s/\\]+[^\s\\]*$/i.test(value), 'console:errors.editorialAddress')

const image = z.object({
  src: address,
  width: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(20_000, 'errors.invalid'),
  height: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(20_000, 'errors.invalid'),
})

/** One language's texts; which fields a kind uses is EDITORIAL_TEXT_FIELDS. `body` is Markdown. */
export const editorialText = z.object({
  title: text(EDITORIAL_LIMITS.title),
  summary: text(EDITORIAL_LIMITS.summary),
  alt: text(EDITORIAL_LIMITS.alt),
  body: z
    .string({ error: 'errors.invalid' })
    .max(EDITORIAL_LIMITS.body, 'errors.tooLong')
    .transform((value) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim())
    .default(''),
})
export type EditorialText = z.output<typeof editorialText>

const texts = z.partialRecord(locale, editorialText)

const videoSource = z.object({ src: address, type: z.enum(VIDEO_SOURCE_TYPES, { error: 'errors.invalid' }) })
const caption = z.object({ src: address, locale })

/** What an item is besides its texts; fields of other kinds are null or empty. */
const fields = {
  slug: z.string({ error: 'console:errors.editorialSlug' }).trim().toLowerCase().regex(SLUG_PATTERN, 'console:errors.editorialSlug'),
  /** News: the cover; videos: the poster. */
  image: image.nullable().default(null),
  tags: z
    .array(z.enum(NEWS_TAGS, { error: 'errors.invalid' }))
    .max(NEWS_TAGS.length)
    .default([]),
  exhibition: z
    .string({ error: 'errors.invalid' })
    .trim()
    .regex(/^([a-z0-9][a-z0-9-]{0,63})?$/, 'errors.invalid')
    .transform((value) => value || null)
    .nullable()
    .default(null),
  bulletinKind: z.enum(BULLETIN_KINDS, { error: 'errors.invalid' }).default('notice'),
  pinned: z.boolean({ error: 'errors.invalid' }).default(false),
  category: z.enum(VIDEO_CATEGORIES, { error: 'errors.invalid' }).default('highlights'),
  durationSeconds: z.coerce
    .number({ error: 'console:errors.editorialDuration' })
    .int('console:errors.editorialDuration')
    .min(0, 'console:errors.editorialDuration')
    .max(EDITORIAL_LIMITS.durationMax, 'console:errors.editorialDuration')
    .default(0),
  sources: z.array(videoSource).max(EDITORIAL_LIMITS.sourcesMax, 'errors.invalid').default([]),
  captions: z.array(caption).max(EDITORIAL_LIMITS.captionsMax, 'errors.invalid').default([]),
}

export const editorialRow = z.object({
  kind,
  id: z.number().int(),
  slug: z.string(),
  state,
  /** The English title (every item has English). */
  title: z.string(),
  /** Languages with texts. */
  locales: z.array(locale),
  /** When it shows (scheduled, published) or showed. */
  publishedAt: z.string(),
  updatedAt: z.string(),
})
export type EditorialRow = z.output<typeof editorialRow>

export const editorialItem = z.object({
  kind,
  id: z.number().int(),
  state,
  publishedAt: z.string(),
  updatedAt: z.string(),
  /** What `expected` names to change this item. */
  version: z.string(),
  slug: z.string(),
  image: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  tags: z.array(z.enum(NEWS_TAGS)),
  exhibition: z.string().nullable(),
  bulletinKind: z.enum(BULLETIN_KINDS),
  pinned: z.boolean(),
  category: z.enum(VIDEO_CATEGORIES),
  durationSeconds: z.number().int(),
  sources: z.array(z.object({ src: z.string(), type: z.enum(VIDEO_SOURCE_TYPES) })),
  captions: z.array(z.object({ src: z.string(), locale })),
  texts: z.partialRecord(locale, z.object({ title: z.string(), summary: z.string(), alt: z.string(), body: z.string() })),
  /** The public page of a published item in English, when it has one. */
  publicPath: z.string().nullable(),
})
export type EditorialItem = z.output<typeof editorialItem>

const itemResult = z.object({ item: editorialItem })
const target = { kind, id, expected: version }

export const editorialList = defineContract({
  ...CONSOLE.editorialList,
  payload: z.object({
    kind: kind.optional(),
    state: state.optional(),
    search: z.string({ error: 'errors.invalid' }).trim().max(EDITORIAL_LIMITS.search, 'errors.tooLong').optional(),
    page: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(1, 'errors.invalid')
      .max(EDITORIAL_LIMITS.pageSizeMax, 'errors.invalid')
      .default(EDITORIAL_LIMITS.pageSizeDefault),
  }),
  result: z.object({ rows: z.array(editorialRow), total: z.number().int() }),
})

export const editorialDetail = defineContract({ ...CONSOLE.editorialDetail, payload: z.object({ kind, id }), result: itemResult })

/** Creates a draft (no `id`) or changes an item in any state; its state stays as it was. */
export const saveEditorial = defineContract({
  ...CONSOLE.saveEditorial,
  payload: z.object({ kind, id: id.optional(), expected: version.optional(), ...fields, texts }),
  result: itemResult,
})

export const publishEditorial = defineContract({ ...CONSOLE.publishEditorial, payload: z.object(target), result: itemResult })

export const scheduleEditorial = defineContract({
  ...CONSOLE.scheduleEditorial,
  payload: z.object({
    ...target,
    /** An instant ahead of now (ISO 8601 with its offset). */
    at: z.iso.datetime({ offset: true, error: 'console:errors.editorialScheduleAt' }).transform((value) => new Date(value)),
  }),
  result: itemResult,
})

export const unpublishEditorial = defineContract({ ...CONSOLE.unpublishEditorial, payload: z.object(target), result: itemResult })

export const deleteEditorial = defineContract({
  ...CONSOLE.deleteEditorial,
  payload: z.object(target),
  result: z.object({ deleted: z.literal(true) }),
})

/** A signed link that shows the item, in any state, on the public site in one language until it expires. */
export const editorialPreviewLink = defineContract({
  ...CONSOLE.editorialPreviewLink,
  payload: z.object({ kind, id, locale }),
  result: z.object({ url: z.string(), expiresAt: z.string() }),
})

/**
 * What a visitor of `locale` would read of these texts (not yet saved): the language the fallback
 * picks and its title, summary and body as the pages show them, through the pages' own sanitiser.
 */
export const editorialRender = defineContract({
  ...CONSOLE.editorialRender,
  payload: z.object({ kind, locale, texts }),
  result: z.object({
    usedLocale: locale.nullable(),
    chain: z.array(locale),
    title: z.string(),
    summary: z.string(),
    bodyHtml: z.string(),
  }),
})
