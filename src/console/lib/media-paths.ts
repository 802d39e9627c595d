import { parseMediaPath } from '../../../shared/rules/media.ts'
import { CONSOLE_HOME } from './paths.ts'

/** The console's media library (docs/product.md#console-media). */
export const MEDIA_PATH = `${CONSOLE_HOME}/media`
export const mediaItemPath = (id: string) => `${MEDIA_PATH}/${encodeURIComponent(id)}`

/** An uploaded picture's address carries its size; a site file's size is typed in. */
export function withSizeOf<T extends { width: number; height: number }>(item: T, src: string | null): T {
  const parsed = src ? parseMediaPath(src) : null
  return parsed?.kind === 'image' ? { ...item, width: parsed.width, height: parsed.height } : item
}
