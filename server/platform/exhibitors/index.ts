import type { Domain } from '../platform.ts'
import { registerConsoleExhibitorFunctions } from './console/console-exhibitors.functions.ts'
import { seedDemoExhibitors } from './demo-exhibitors.ts'
import { registerExhibitorFunctions } from './exhibitors.functions.ts'
import { sitemapRows } from './exhibitors.repo.ts'
import { createExhibitorService, type ExhibitorService } from './exhibitors.service.ts'
import { mountLogoUpload } from './logo-upload.ts'
import { mountManualDownload, mountManualPreview, mountManualUpload } from './tasks/manuals.ts'
import { registerTaskFunctions } from './tasks/tasks.functions.ts'

declare module '../platform.ts' {
  interface Services {
    exhibitors: ExhibitorService
  }
}

/**
 * Exhibitors (docs/product.md#exhibitors): companies at exhibitions, born from accepted exhibitor
 * applications; their profiles in every language, their teams (members and mailed invitations), and
 * the directory visitors read; the logo upload route; and the organiser's view of them in the console
 * (docs/product.md#console-exhibitors).
 */
export const domain: Domain = {
  name: 'exhibitors',
  setup(platform) {
    const service = createExhibitorService(platform)
    platform.services.exhibitors = service
    registerExhibitorFunctions(platform, service)
    registerConsoleExhibitorFunctions(platform)
    registerTaskFunctions(platform)
  },
  routes(router, platform) {
    mountLogoUpload(router, platform, platform.services.exhibitors)
    mountManualUpload(router, platform)
    mountManualDownload(router, platform)
    mountManualPreview(router, platform)
  },
  // After the exhibitions' demo content (order 20), whose coming exhibitions these stand at.
  async seed(_platform, tx) {
    await seedDemoExhibitors(tx)
  },
  // docs/product.md#exhibitor-directory: each exhibition's directory and its exhibitors' pages.
  async sitemap(platform) {
    const rows = await sitemapRows(platform.db)
    const directories = new Map<number, Date>()
    for (const row of rows) {
      const latest = directories.get(row.exhibition_id)
      if (!latest || row.updated_at > latest) directories.set(row.exhibition_id, row.updated_at)
    }
    return [
      ...[...directories].map(([id, lastModified]) => ({ path: `/backDetail/${id}/exhibitors`, lastModified })),
      ...rows.map((row) => ({ path: `/backDetail/${row.exhibition_id}/exhibitors/${row.slug}`, lastModified: row.updated_at })),
    ]
  },
}

// What other domains use of this one.
export type { ChannelOwner, ExhibitorApplicationDecision, ExhibitorService } from './exhibitors.service.ts'
export { applicationDecided } from './exhibitors.service.ts'
export { eraseExhibitorInvitations } from './erasure.ts'
export { EXHIBITOR_EXPORT } from './console/console-exhibitors.ts'
