import type { z } from 'zod'
import { fn } from '../../shared/functions/gateway.ts'
import { EDITORIAL } from '../../shared/functions/editorial.ts'
import type * as contracts from '../../shared/contracts/editorial.ts'

/**
 * Browser-safe references to the editorial functions (news articles, videos, bulletins). Pages import
 * these, never the contracts (no zod in the page bundles); the value lists are in shared/rules/editorial.ts.
 */

/** docs/product.md#endpoints GET /api/Article/webarticle: the news list, newest first, paged. */
export const articleList = fn<typeof contracts.articleList>(EDITORIAL.articleList)
/** docs/product.md#endpoints GET /api/Article/articleinfo: one article with its neighbours and related articles. */
export const articleInfo = fn<typeof contracts.articleInfo>(EDITORIAL.articleInfo)
export const listVideos = fn<typeof contracts.listVideos>(EDITORIAL.listVideos)
export const getVideo = fn<typeof contracts.getVideo>(EDITORIAL.getVideo)
export const listBulletins = fn<typeof contracts.listBulletins>(EDITORIAL.listBulletins)
export const editorialPreview = fn<typeof contracts.editorialPreview>(EDITORIAL.editorialPreview)

export type ArticleCard = z.output<typeof contracts.articleCard>
export type ArticleDetail = z.output<typeof contracts.articleDetail>
export type ArticleListResult = z.output<typeof contracts.articleList.result>
export type ArticleListQuery = z.input<typeof contracts.articleList.payload>
export type ImageRef = z.output<typeof contracts.imageRef>
export type EditorialPreview = z.output<typeof contracts.editorialPreview.result>
export type Video = z.output<typeof contracts.video>
export type VideoSource = Video['sources'][number]
export type VideoCaption = Video['captions'][number]
export type VideoListResult = z.output<typeof contracts.listVideos.result>
export type Bulletin = z.output<typeof contracts.bulletin>
export type BulletinListResult = z.output<typeof contracts.listBulletins.result>
