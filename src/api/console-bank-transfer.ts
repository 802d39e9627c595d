import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as contracts from '../../shared/contracts/console-bank-transfer.ts'

export type { BankTransferSettings, BankTransferView, TransferView } from '../../shared/contracts/console-bank-transfer.ts'
/** Bank transfer in the console (docs/product.md#bank-transfer): browser references, beside src/api/console.ts, loaded with their screen only. */
export const bankTransfer = fn<typeof contracts.bankTransfer>(CONSOLE.bankTransfer)
export const saveBankTransfer = fn<typeof contracts.saveBankTransfer>(CONSOLE.saveBankTransfer)
export const importStatement = fn<typeof contracts.importStatement>(CONSOLE.importStatement)
export const matchTransfer = fn<typeof contracts.matchTransfer>(CONSOLE.matchTransfer)
export const decideTransfer = fn<typeof contracts.decideTransfer>(CONSOLE.decideTransfer)
