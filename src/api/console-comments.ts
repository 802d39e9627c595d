import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as comments from '../../shared/contracts/console-comments.ts'

/** Comment moderation (docs/product.md#console-comments): browser references, beside src/api/console.ts, loaded with their screens only. */
export const commentList = fn<typeof comments.commentList>(CONSOLE.commentList)
export const hideComment = fn<typeof comments.hideComment>(CONSOLE.hideComment)
export const restoreComment = fn<typeof comments.restoreComment>(CONSOLE.restoreComment)
export const blockCommenter = fn<typeof comments.blockCommenter>(CONSOLE.blockCommenter)
export const unblockCommenter = fn<typeof comments.unblockCommenter>(CONSOLE.unblockCommenter)
export type { ModerationRow } from '../../shared/contracts/console-comments.ts'
