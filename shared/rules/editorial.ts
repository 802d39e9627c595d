/**
 * Value lists and page sizes of the editorial content (news articles, videos, bulletins): pages and
 * the contracts (shared/contracts/editorial.ts) both take them from here. Zod-free.
 */

/** Topics a news article can carry; labels are `news:tags.<key>` in every locale. */
export const NEWS_TAGS = ['exhibitions', 'regulation', 'fintech', 'brokers', 'awards', 'partners', 'security', 'markets', 'community'] as const
export type NewsTag = (typeof NEWS_TAGS)[number]

/** Video categories in the order the video page shows them; labels are `media:categories.<key>`. */
export const VIDEO_CATEGORIES = ['highlights', 'keynotes', 'interviews', 'panels', 'guides'] as const
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number]

/** What a bulletin is about; labels are `bulletins:kinds.<key>`. */
export const BULLETIN_KINDS = ['notice', 'schedule', 'security', 'service'] as const
export type BulletinKind = (typeof BULLETIN_KINDS)[number]

/** Media types of video sources: files the browser plays itself, and HLS playlists. */
export const VIDEO_SOURCE_TYPES = ['video/mp4', 'video/webm', 'application/vnd.apple.mpegurl'] as const
export type VideoSourceType = (typeof VIDEO_SOURCE_TYPES)[number]
export const HLS_TYPE: VideoSourceType = 'application/vnd.apple.mpegurl'

/** Page sizes of the lists; `?page=N` in a list's address shows its first N pages. */
export const NEWS_PAGE_SIZE = 10
export const VIDEOS_PAGE_SIZE = 8
export const BULLETINS_PAGE_SIZE = 8
/** The most pages a list address shows at once (older ones are a link away). */
export const MAX_PAGES_SHOWN = 10
