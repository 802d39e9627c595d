import * as contracts from '../../../../shared/contracts/console-catalog.ts'
import * as questionContracts from '../../../../shared/contracts/console-ticket-questions.ts'
import { createCatalogContext } from '../../exhibitions/index.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { couponList, couponOrders, generateCoupons, saveCoupon } from './catalog-coupons.ts'
import { deleteTicketQuestion, reorderTicketQuestions, saveTicketQuestion, ticketQuestionEditor } from './catalog-questions.ts'
import { saveTicketType } from './catalog-ticket-types.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (call: CallContext) => actorOf(call.staff as StaffCaller, call.ip)

/**
 * The console's ticket types and coupons on POST /gateway/console (docs/product.md#console-catalog). A ticket
 * type answers with its exhibition as the catalogue shows it (exhibitions/console/catalog-view.ts).
 */
export function registerCatalogFunctions(platform: Platform): void {
  const { registry, db } = platform
  const context = createCatalogContext(platform)
  registry.implement(contracts.saveTicketType, async (payload, call) => ({ exhibition: await saveTicketType(context, actor(call), payload) }))
  registry.implement(contracts.couponList, (payload, call) => couponList(db, actor(call), payload.exhibitionId))
  registry.implement(contracts.saveCoupon, async (payload, call) => ({ coupon: await saveCoupon(context, actor(call), payload) }))
  registry.implement(contracts.generateCoupons, async (payload, call) => ({ codes: await generateCoupons(context, actor(call), payload) }))
  registry.implement(contracts.couponOrders, (payload, call) => couponOrders(db, actor(call), payload.exhibitionId, payload.id))
  registry.implement(questionContracts.ticketQuestionEditor, (payload, call) => ticketQuestionEditor(db, actor(call), payload.exhibitionId))
  registry.implement(questionContracts.saveTicketQuestion, (payload, call) => saveTicketQuestion(context, actor(call), payload))
  registry.implement(questionContracts.deleteTicketQuestion, (payload, call) => deleteTicketQuestion(context, actor(call), payload.exhibitionId, payload.id))
  registry.implement(questionContracts.reorderTicketQuestions, (payload, call) =>
    reorderTicketQuestions(context, actor(call), payload.exhibitionId, payload.ids),
  )
}
