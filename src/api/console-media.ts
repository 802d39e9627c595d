import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as media from '../../shared/contracts/console-media.ts'

/** Media library (docs/product.md#console-media); uploads go through MEDIA_UPLOAD_PATH (src/console/lib/media-upload.ts): browser references, beside src/api/console.ts, loaded with their screens only. */
export const mediaList = fn<typeof media.mediaList>(CONSOLE.mediaList)
export const mediaDetail = fn<typeof media.mediaDetail>(CONSOLE.mediaDetail)
export const saveMedia = fn<typeof media.saveMedia>(CONSOLE.saveMedia)
export const deleteMedia = fn<typeof media.deleteMedia>(CONSOLE.deleteMedia)
