import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { MEDIA_LIMITS } from '../rules/media.ts'
import { defineContract } from './define.ts'

/**
 * The media library of the organiser's console (docs/product.md#console-media; role `editor`). Files
 * arrive through the multipart route MEDIA_UPLOAD_PATH (a file does not fit a JSON call), which checks
 * them with the role of saveMedia. Messages are `console:errors.*` keys or `errors.*`.
 */

const mediaId = z.string({ error: 'console:errors.mediaNotFound' }).regex(/^[0-9a-f]{32}$/, 'console:errors.mediaNotFound')

export const mediaSource = z.object({ src: z.string(), width: z.number().int(), type: z.enum(['image/avif', 'image/webp', 'image/jpeg', 'image/png']) })

export const mediaItem = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sources: z.array(mediaSource),
  alt: z.partialRecord(z.enum(LOCALES), z.string()),
  name: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
})

export const mediaList = defineContract({
  ...CONSOLE.mediaList,
  payload: z.object({
    /** Part of the file name or of an alt text in any language. */
    search: z.string({ error: 'errors.invalid' }).trim().max(MEDIA_LIMITS.search, 'errors.tooLong').default(''),
    kind: z.enum(['image', 'video'], { error: 'errors.invalid' }).optional(),
    page: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(1, 'errors.invalid')
      .max(MEDIA_LIMITS.pageSizeMax, 'errors.invalid')
      .default(MEDIA_LIMITS.pageSizeDefault),
  }),
  result: z.object({ rows: z.array(mediaItem), total: z.number().int() }),
})

export const mediaUse = z.object({ kind: z.enum(['exhibition', 'article', 'video', 'bulletin', 'advert']), id: z.number().int(), slug: z.string() })
export type MediaUse = z.output<typeof mediaUse>

export const mediaDetail = defineContract({
  ...CONSOLE.mediaDetail,
  payload: z.object({ id: mediaId }),
  /** `uses`: the pages that show the item (covers, photos, logos, posters, pictures in rich text). */
  result: z.object({ item: mediaItem, uses: z.array(mediaUse) }),
})

/** The default alt text in each language (a blank one is removed) and the name editors know the file by. */
export const saveMedia = defineContract({
  ...CONSOLE.saveMedia,
  payload: z.object({
    id: mediaId,
    alt: z.partialRecord(
      z.enum(LOCALES, { error: 'errors.invalid' }),
      z
        .string({ error: 'errors.invalid' })
        .trim()
        .max(MEDIA_LIMITS.alt, 'errors.tooLong')
        .transform((text) => text.normalize('NFC')),
    ),
    name: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(MEDIA_LIMITS.name, 'errors.tooLong'),
  }),
  result: mediaItem,
})

/** Refused (409) while a page shows the item. */
export const deleteMedia = defineContract({
  ...CONSOLE.deleteMedia,
  payload: z.object({ id: mediaId }),
  result: z.object({ id: z.string() }),
})
