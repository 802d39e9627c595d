import type { z } from 'zod'
import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/editorial.ts'

/**
 * Browser-safe references to the editorial functions (news articles, videos, bulletins) and the
 * value lists pages need. Pages import these, never the contracts (no zod in the page bundles);
 * the contracts import the lists from here.
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

/** SPEC §7 GET /api/Article/webarticle: the news list, newest first, paged. */
export const articleList = fn<typeof contracts.articleList>('articleList', undefined, 'visitor')
/** SPEC §7 GET /api/Article/articleinfo: one article with its neighbours and related articles. */
export const articleInfo = fn<typeof contracts.articleInfo>('articleInfo', undefined, 'visitor')
export const listVideos = fn<typeof contracts.listVideos>('expo', 'expo$listVideos', 'visitor')
export const getVideo = fn<typeof contracts.getVideo>('expo', 'expo$getVideo', 'visitor')
export const listBulletins = fn<typeof contracts.listBulletins>('expo', 'expo$listBulletins', 'visitor')

export type ArticleCard = z.output<typeof contracts.articleCard>
export type ArticleDetail = z.output<typeof contracts.articleDetail>
export type ArticleListResult = z.output<typeof contracts.articleList.result>
export type ArticleListQuery = z.input<typeof contracts.articleList.payload>
export type ImageRef = z.output<typeof contracts.imageRef>
export type Video = z.output<typeof contracts.video>
export type VideoSource = Video['sources'][number]
export type VideoCaption = Video['captions'][number]
export type VideoListResult = z.output<typeof contracts.listVideos.result>
export type Bulletin = z.output<typeof contracts.bulletin>
export type BulletinListResult = z.output<typeof contracts.listBulletins.result>
