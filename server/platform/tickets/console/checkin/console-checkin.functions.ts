import * as contracts from '../../../../../shared/contracts/console-checkin.ts'
import type { StaffCaller } from '../../../gateway.ts'
import type { Platform } from '../../../platform.ts'
import type { TicketSigner } from '../../e-tickets.ts'
import { actorOf } from '../../../staff-actor.ts'
import { checkinExhibitions, checkinList, checkinSync } from './checkin.ts'

/** Registration of check-in at the door on POST /gateway/console (roles in console-access.ts). */
export function registerConsoleCheckinFunctions(platform: Platform, signer: TicketSigner): void {
  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  platform.registry.implement(contracts.checkinExhibitions, (_payload, call) => checkinExhibitions(platform.db, actor(call)))
  platform.registry.implement(contracts.checkinList, (payload, call) => checkinList(platform.db, signer, actor(call), payload.exhibitionId, payload.since))
  platform.registry.implement(contracts.checkinSync, (payload, call) => checkinSync(platform.db, platform, signer, actor(call), payload))
}
