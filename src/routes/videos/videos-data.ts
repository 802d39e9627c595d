import type { Video, VideoListResult } from '../../api/editorial.ts'
import type { VideoCategory } from '../../../shared/rules/editorial.ts'
import type { PagedItems } from '../../components/editorial/paging.ts'

export interface VideosData extends PagedItems<Video> {
  category: VideoCategory | null
  categories: VideoListResult['categories']
  /** The video in the player when the page loads: `?v=` or the newest of the list. */
  selected: Video | null
  renderedAt: string
}

export const videoIdOf = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null)
