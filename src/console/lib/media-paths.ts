import { CONSOLE_HOME } from './paths.ts'

/** The console's media library (docs/product.md#console-media). */
export const MEDIA_PATH = `${CONSOLE_HOME}/media`
export const mediaItemPath = (id: string) => `${MEDIA_PATH}/${encodeURIComponent(id)}`
