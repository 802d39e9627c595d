import * as contracts from '../../../shared/contracts/console-catalog.ts'
import type { CallContext, StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { catalogExhibition, exhibitionInScope } from './catalog-view.ts'
import { actorOf, type CatalogContext } from './catalog-context.ts'
import { couponList, couponOrders, generateCoupons, saveCoupon } from './coupons.ts'
import { exhibitionList, publishExhibition, saveExhibition } from './exhibitions.ts'
import { saveTicketType } from './ticket-types.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (call: CallContext) => actorOf(call.staff as StaffCaller, call.ip)

/** Registrations of the console's catalogue functions on POST /gateway/console (docs/product.md#console-catalog). */
export function registerCatalogFunctions(platform: Platform, context: CatalogContext): void {
  const { registry, db } = platform
  registry.implement(contracts.exhibitionList, (_payload, call) => exhibitionList(db, actor(call), new Date()))
  registry.implement(contracts.exhibitionDetail, async (payload, call) => ({
    exhibition: await catalogExhibition(db, await exhibitionInScope(db, actor(call).scope, payload.id), new Date()),
  }))
  registry.implement(contracts.saveExhibition, async (payload, call) => ({ exhibition: await saveExhibition(context, actor(call), payload) }))
  registry.implement(contracts.publishExhibition, async (payload, call) => ({
    exhibition: await publishExhibition(context, actor(call), payload.id, payload.published),
  }))
  registry.implement(contracts.saveTicketType, async (payload, call) => ({ exhibition: await saveTicketType(context, actor(call), payload) }))
  registry.implement(contracts.couponList, (payload, call) => couponList(db, actor(call), payload.exhibitionId))
  registry.implement(contracts.saveCoupon, async (payload, call) => ({ coupon: await saveCoupon(context, actor(call), payload) }))
  registry.implement(contracts.generateCoupons, async (payload, call) => ({ codes: await generateCoupons(context, actor(call), payload) }))
  registry.implement(contracts.couponOrders, (payload, call) => couponOrders(db, actor(call), payload.exhibitionId, payload.id))
}
