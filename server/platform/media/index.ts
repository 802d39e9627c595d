import { join } from 'node:path'
import type { Config } from '../../config.ts'
import type { Domain } from '../platform.ts'
import { registerMediaFunctions } from './media.functions.ts'
import { mountMediaFiles } from './serve.ts'
import { diskStorage, type MediaStorage, s3Storage } from './storage.ts'
import { mountMediaUpload } from './upload.ts'

export interface MediaService {
  /** Where uploaded media live; social images read covers through it too. */
  storage: MediaStorage
}

declare module '../platform.ts' {
  interface Services {
    media: MediaService
  }
}

/** The bucket when all S3 variables are set (config.ts refuses some without the others), DATA_DIR/media otherwise. */
export function mediaStorageOf(config: Config): MediaStorage {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      region: config.S3_REGION,
    })
  }
  return diskStorage(join(config.DATA_DIR, 'media'))
}

/**
 * Uploaded media (docs/product.md#console-media): the console's upload route and library functions,
 * and the files under /media/ for every page.
 */
export const domain: Domain = {
  name: 'media',
  order: 10,
  setup(platform) {
    const storage = mediaStorageOf(platform.config)
    platform.services.media = { storage }
    registerMediaFunctions(platform, storage)
  },
  routes(router, platform) {
    mountMediaUpload(router, platform, platform.services.media.storage)
    mountMediaFiles(router, platform.services.media.storage, platform.logger)
  },
}

// What other domains use of this one.
export { storeVisitorImage } from './visitor-image.ts'
export { cleanName } from './media-console.ts'
export { answerFileKey, documentKey, evidenceKey } from './storage.ts'
export { fileDisposition, isPdf, type ReadForm, readFileForm } from './private-files.ts'
export { privatePicture } from './images.ts'
export type { MediaStorage } from './storage.ts'
