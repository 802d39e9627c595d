import type { z } from 'zod'
import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/editorial.ts'

/**
 * Browser-safe references to the editorial functions (news articles, videos, bulletins) and the
 * value lists pages need. Pages import these, never the contracts (no zod in the page bundles);
 * the contracts import the lists from here.
 */

export * from './rules/editorial.ts'

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
