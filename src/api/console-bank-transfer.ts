import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as bankTransfer from '../../shared/contracts/console-bank-transfer.ts'

export type { BankTransferSettings, TransferView } from '../../shared/contracts/console-bank-transfer.ts'
/** Bank transfer in the console (docs/product.md#bank-transfer): browser references, beside src/api/console.ts, loaded with their screen only. */
export const bankTransferSettings = fn<typeof bankTransfer.bankTransferSettings>(CONSOLE.bankTransferSettings)
export const saveBankTransfer = fn<typeof bankTransfer.saveBankTransfer>(CONSOLE.saveBankTransfer)
export const transferQueue = fn<typeof bankTransfer.transferQueue>(CONSOLE.transferQueue)
export const importStatement = fn<typeof bankTransfer.importStatement>(CONSOLE.importStatement)
export const matchTransfer = fn<typeof bankTransfer.matchTransfer>(CONSOLE.matchTransfer)
export const decideTransfer = fn<typeof bankTransfer.decideTransfer>(CONSOLE.decideTransfer)
