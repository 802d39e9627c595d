import { importDemoContent } from '../../content/content-folder.ts'
import { registerCatalogFunctions } from './console/catalog.functions.ts'
import type { Domain } from '../platform.ts'
import { registerContentFunctions } from './console/content.functions.ts'
import { advertsKind, exhibitionsKind } from './exhibitions.content.ts'
import { sitemapRows } from './exhibitions.repo.ts'
import { registerExhibitionFunctions } from './exhibitions.functions.ts'
import { createExhibitionService, type ExhibitionService } from './exhibitions.service.ts'

declare module '../platform.ts' {
  interface Services {
    exhibitions: ExhibitionService
  }
}

/**
 * Exhibitions (docs/product.md#routes): the list, the detail with agenda, speakers, partners, photo
 * live, recap videos and figures, the campaign page, hero adverts and the sponsors of the brand.
 * Other domains (tickets, applications, comments) reach it through platform.services.exhibitions.
 */
export const domain: Domain = {
  name: 'exhibitions',
  // Before the domains that read exhibitions at setup or seed time (tickets, applications).
  order: 20,
  content: [exhibitionsKind, advertsKind],
  setup(platform) {
    const service = createExhibitionService({ db: platform.db })
    platform.services.exhibitions = service
    registerExhibitionFunctions(platform, service)
    registerContentFunctions(platform)
    registerCatalogFunctions(platform)
  },
  async seed(platform, tx) {
    await importDemoContent(platform, tx, [exhibitionsKind, advertsKind])
  },
  async sitemap(platform) {
    const rows = await sitemapRows(platform.db)
    return rows.flatMap((row) => [
      { path: `/backDetail/${row.id}`, lastModified: row.updated_at },
      ...(row.campaign ? [{ path: `/active/${row.campaign}.html`, lastModified: row.updated_at }] : []),
    ])
  },
}

// What other domains use of this one.
export type { AttendeePolicy } from './exhibitions.service.ts'
export { stateOf } from './state.ts'
export { type CatalogContext, createCatalogContext } from './console/catalog-context.ts'
export { typeById as ticketTypeById, typesOf as ticketTypesOf } from './console/catalog.repo.ts'
export { type CatalogExhibition, catalogExhibition, exhibitionInScope } from './console/catalog-view.ts'
