import * as contracts from '../../../../shared/contracts/console-bank-transfer.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import { actorOf } from '../../staff-actor.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { decideTransfer, importStatement } from './bank-transfer.ts'
import { bankTransferView, matchTyped, saveBankSettings, transferView } from './bank-transfer-console.ts'

const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** The console's bank-transfer functions (docs/product.md#bank-transfer); the gateway has checked the role. */
export function registerBankTransferFunctions(context: TicketsContext): void {
  const { registry } = context.platform
  registry.implement(contracts.saveBankTransfer, (payload, call) => saveBankSettings(context, actor(call), payload))
  registry.implement(contracts.bankTransfer, (payload, call) => bankTransferView(context, actor(call), payload))
  registry.implement(contracts.importStatement, (payload, call) => importStatement(context, actor(call), payload.exhibitionId, payload.statement))
  registry.implement(contracts.matchTransfer, (payload, call) => matchTyped(context, actor(call), payload))
  registry.implement(contracts.decideTransfer, async (payload, call) =>
    transferView(await decideTransfer(context, actor(call), payload.transferId, payload.decision)),
  )
}
