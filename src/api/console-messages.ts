import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as messages from '../../shared/contracts/console-messages.ts'

export type { MessageDetail, MessageList, MessagePreview, MessageSummary } from '../../shared/contracts/console-messages.ts'
/** Messages from the organiser in the console (docs/product.md#messages): browser references, beside src/api/console.ts. */
export const messageList = fn<typeof messages.messageList>(CONSOLE.messageList)
export const previewMessage = fn<typeof messages.previewMessage>(CONSOLE.previewMessage)
export const sendMessage = fn<typeof messages.sendMessage>(CONSOLE.sendMessage)
export const cancelMessage = fn<typeof messages.cancelMessage>(CONSOLE.cancelMessage)
