import { createRenderLimiter } from '../render-limiter.ts'
import type { Platform } from '../platform.ts'
import { contentHash, makeImage } from './images.ts'
import { existingMedia, mediaView } from './media-console.ts'
import * as repo from './media.repo.ts'
import type { MediaStorage } from './storage.ts'

/** Making copies takes a core for about a second: one visitor picture at a time, a few waiting, the rest told to retry. */
const limit = createRenderLimiter(1, 4)

/**
 * A picture a signed-in visitor uploads for what they run (an exhibitor's logo): checked by its content
 * and made into the same copies as the console's uploads (images.ts), stored, and recorded as a media
 * item with no staff member behind it. The same file twice is the item that exists. Throws the
 * DomainError of images.ts for what is not a picture, and LimiterBusy when too many are being made.
 */
export async function storeVisitorImage(platform: Platform, storage: MediaStorage, bytes: Buffer, name: string) {
  const known = await existingMedia(platform.db, contentHash(bytes))
  if (known) return known
  const made = await limit(() => makeImage(bytes))
  // Files first, then the row: a row never names files that are not there.
  for (const copy of made.copies) await storage.put(copy.key, copy.bytes, copy.contentType)
  const row = await repo.insertMedia(platform.db, {
    id: made.hash,
    kind: 'image',
    src: made.src,
    width: made.width,
    height: made.height,
    storage_keys: made.copies.map((copy) => copy.key),
    name,
    bytes: bytes.length,
    createdBy: null,
  })
  return row ? mediaView(row) : ((await existingMedia(platform.db, made.hash)) as NonNullable<Awaited<ReturnType<typeof existingMedia>>>)
}
