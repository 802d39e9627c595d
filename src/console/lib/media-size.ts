import { parseMediaPath } from '../../../shared/rules/media.ts'

/**
 * An uploaded picture's address carries its size; a site file's size is typed in. Apart from
 * media-paths.ts, which the console's menu takes: the media rules stay out of every screen's first load.
 */
export function withSizeOf<T extends { width: number; height: number }>(item: T, src: string | null): T {
  const parsed = src ? parseMediaPath(src) : null
  return parsed?.kind === 'image' ? { ...item, width: parsed.width, height: parsed.height } : item
}
