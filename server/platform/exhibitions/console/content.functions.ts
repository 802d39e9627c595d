import * as contracts from '../../../../shared/contracts/console-content.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { advertList, publishAdvert, saveAdvert } from './adverts-console.ts'
import { contentList } from './content.repo.ts'
import { saveExhibitionContent } from './content-save.ts'
import { contentView, exhibitionInScope } from './content-view.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (call: CallContext) => actorOf(call.staff as StaffCaller, call.ip)

/** The content editor's functions on POST /gateway/console (docs/product.md#console-pages): an exhibition's content and the adverts. */
export function registerContentFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(contracts.contentExhibitions, async (_payload, call) => ({
    rows: (await contentList(db, actor(call).scope, actor(call).locale)).map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title ?? row.slug,
      startsAt: row.starts_at.toISOString(),
      published: row.published,
      speakers: row.speakers,
      sessions: row.sessions,
      partners: row.partners,
      photos: row.photos,
    })),
  }))
  registry.implement(contracts.exhibitionContent, async (payload, call) => contentView(db, await exhibitionInScope(db, actor(call).scope, payload.id)))
  registry.implement(contracts.saveExhibitionContent, (payload, call) => saveExhibitionContent(platform, actor(call), payload))
  registry.implement(contracts.advertList, (_payload, call) => advertList(db, actor(call), new Date()))
  registry.implement(contracts.saveAdvert, async (payload, call) => ({ advert: await saveAdvert(platform, actor(call), payload) }))
  registry.implement(contracts.publishAdvert, async (payload, call) => ({
    advert: await publishAdvert(platform, actor(call), payload.id, payload.version, payload.published),
  }))
}
