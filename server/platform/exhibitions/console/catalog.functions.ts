import * as contracts from '../../../../shared/contracts/console-catalog.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { createCatalogContext } from './catalog-context.ts'
import { exhibitionList, publishExhibition, saveExhibition } from './catalog-exhibitions.ts'
import { catalogExhibition, exhibitionInScope } from './catalog-view.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (call: CallContext) => actorOf(call.staff as StaffCaller, call.ip)

/**
 * The console's catalogue of exhibitions on POST /gateway/console (docs/product.md#console-catalog): the list,
 * one exhibition with its texts in the 12 languages and its ticket types, saving and publishing. Ticket
 * types and coupons are the tickets domain's (tickets/console/catalog.functions.ts).
 */
export function registerCatalogFunctions(platform: Platform): void {
  const { registry, db } = platform
  const context = createCatalogContext(platform)
  registry.implement(contracts.exhibitionList, (_payload, call) => exhibitionList(db, actor(call), new Date()))
  registry.implement(contracts.exhibitionDetail, async (payload, call) => ({
    exhibition: await catalogExhibition(db, await exhibitionInScope(db, actor(call).scope, payload.id), new Date()),
  }))
  registry.implement(contracts.saveExhibition, async (payload, call) => ({ exhibition: await saveExhibition(context, actor(call), payload) }))
  registry.implement(contracts.publishExhibition, async (payload, call) => ({
    exhibition: await publishExhibition(context, actor(call), payload.id, payload.published),
  }))
}
