import { importDemoContent } from '../../content/content-folder.ts'
import type { Domain } from '../platform.ts'
import { registerEditorialConsole } from './console/editorial-console.functions.ts'
import { EDITORIAL_KINDS } from './editorial.content.ts'
import { registerEditorialFunctions } from './editorial.functions.ts'
import { createEditorialService, type EditorialService } from './editorial.service.ts'

declare module '../platform.ts' {
  interface Services {
    editorial: EditorialService
  }
}

/**
 * Editorial content (docs/product.md#routes): news articles on the docs/product.md#endpoints article endpoints, videos
 * and bulletins on the expo endpoint, each per language with the fallback chain. Content comes
 * from content folders (news Markdown, videos and bulletins JSON); other domains (the exhibitions'
 * recap videos, the home page) reach it through platform.services.editorial.
 */
export const domain: Domain = {
  name: 'editorial',
  // After exhibitions (articles and videos name an exhibition by slug; either may come first).
  order: 30,
  content: EDITORIAL_KINDS,
  async setup(platform) {
    const service = createEditorialService({ db: platform.db, brandName: platform.config.BRAND_NAME })
    platform.services.editorial = service
    registerEditorialFunctions(platform, service)
    // The console's editor (docs/product.md#console-content): drafts, scheduling, preview links.
    await registerEditorialConsole(platform)
  },
  async seed(platform, tx) {
    await importDemoContent(platform, tx, EDITORIAL_KINDS)
  },
  sitemap(platform) {
    return platform.services.editorial.sitemap()
  },
}
