import { articleInfo, articleList, getVideo, listBulletins, listVideos } from '../../../shared/contracts/editorial.ts'
import { notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { EditorialService } from './editorial.service.ts'

/** Registrations: the registry parses the payload; each calls one verb and answers. */
export function registerEditorialFunctions(platform: Platform, service: EditorialService): void {
  platform.registry.implement(articleList, async (payload, context) => service.listArticles(payload, context.locale))
  platform.registry.implement(articleInfo, async ({ id }, context) => {
    const article = await service.article(id, context.locale)
    if (!article) throw notFound('news:errors.articleNotFound')
    return article
  })
  platform.registry.implement(listVideos, async (payload, context) => service.listVideos(payload, context.locale))
  platform.registry.implement(getVideo, async ({ id }, context) => {
    const video = await service.video(id, context.locale)
    if (!video) throw notFound('media:errors.videoNotFound')
    return video
  })
  platform.registry.implement(listBulletins, async (payload, context) => service.listBulletins(payload, context.locale))
}
