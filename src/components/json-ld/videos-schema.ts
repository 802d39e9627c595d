import type { Video } from '../../api/editorial.ts'
import { HLS_TYPE } from '../../../shared/rules/editorial.ts'
import { fallbackLang } from '../editorial/fallback-note.tsx'
import { isoDuration } from '../video-player/video-player.tsx'
import type { SiteFacts } from './schemas.ts'

/* Apart from schemas.ts so that pages without videos do not load the player's module for its duration format. */

/** Every video a page shows, each a full VideoObject (Google reads each one on its own). */
export function videosSchema(
  videos: readonly Video[],
  site: Pick<SiteFacts, 'origin' | 'lang' | 'htmlLang'>,
  watchUrl: (video: Video) => string,
): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, site.origin).href
  return {
    '@graph': videos.map((video) => {
      const file = video.sources.find((source) => source.type !== HLS_TYPE)
      return {
        '@type': 'VideoObject',
        name: video.title,
        description: video.description || video.title,
        ...(video.poster ? { thumbnailUrl: [absolute(video.poster.src)] } : {}),
        uploadDate: video.publishedAt,
        ...(video.durationSeconds > 0 ? { duration: isoDuration(video.durationSeconds) } : {}),
        ...(file ? { contentUrl: absolute(file.src) } : {}),
        url: absolute(watchUrl(video)),
        inLanguage: fallbackLang(video.fellBackTo) ?? site.htmlLang,
      }
    }),
  }
}
