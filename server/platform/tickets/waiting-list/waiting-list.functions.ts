import * as consoleContracts from '../../../../shared/contracts/console-waiting-list.ts'
import * as contracts from '../../../../shared/contracts/tickets.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import { actorOf } from '../../staff-actor.ts'
import type { Caller, TicketsContext } from '../tickets-context.ts'
import { offerByHand, removeEntry, saveOfferHours, staffWaitingList } from './waiting-list-console.ts'
import { declineOffer, joinWaitingList, leaveWaitingList, myEntries, offerForLink } from './waiting-list.ts'

/** `user` functions always have a user id (the gateway refuses others with 401). */
function callerOf(context: CallContext): Caller {
  if (!context.userId) throw new Error('a user function was called without a user')
  return { userId: context.userId, locale: context.locale, ip: context.ip }
}

const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** The waiting list's functions for visitors and for the console (docs/product.md#waiting-list). */
export function registerWaitingListFunctions(context: TicketsContext): void {
  const { registry } = context.platform
  registry.implement(contracts.joinWaitingList, (payload, call) => joinWaitingList(context, callerOf(call), payload.ticketTypeId, payload.quantity))
  registry.implement(contracts.leaveWaitingList, async (payload, call) => {
    await leaveWaitingList(context, callerOf(call), payload.ticketTypeId)
    return { left: true as const }
  })
  registry.implement(contracts.myWaitingList, async (payload, call) => {
    const caller = callerOf(call)
    return { entries: await myEntries(context, caller.userId, caller.locale, payload.exhibitionId ?? null) }
  })
  registry.implement(contracts.waitingOffer, (payload, call) => offerForLink(context, callerOf(call), payload.token))
  registry.implement(contracts.declineWaitingOffer, async (payload, call) => {
    await declineOffer(context, callerOf(call), payload.token)
    return { declined: true as const }
  })
  registry.implement(consoleContracts.waitingList, (payload, call) => staffWaitingList(context, actor(call), payload.ticketTypeId))
  registry.implement(consoleContracts.offerWaitingEntry, async (payload, call) => {
    const member = actor(call)
    const ticketTypeId = await offerByHand(context, member, payload.entryId)
    return staffWaitingList(context, member, ticketTypeId)
  })
  registry.implement(consoleContracts.removeWaitingEntry, async (payload, call) => {
    const member = actor(call)
    const ticketTypeId = await removeEntry(context, member, payload.entryId)
    return staffWaitingList(context, member, ticketTypeId)
  })
  registry.implement(consoleContracts.saveWaitingHours, async (payload, call) => {
    const member = actor(call)
    await saveOfferHours(context, member, payload.ticketTypeId, payload.offerHours)
    return staffWaitingList(context, member, payload.ticketTypeId)
  })
}
