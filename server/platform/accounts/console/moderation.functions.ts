import * as contracts from '../../../../shared/contracts/console-comments.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import { blockCommenter, commentList, hideComment, restoreComment, unblockCommenter } from './moderation.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** Comment moderation on POST /gateway/console (docs/product.md#console-comments). */
export function registerModerationFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(contracts.commentList, (payload, call) => commentList(db, actor(call), payload))
  registry.implement(contracts.hideComment, (payload, call) => hideComment(platform, actor(call), payload))
  registry.implement(contracts.restoreComment, (payload, call) => restoreComment(platform, actor(call), payload))
  registry.implement(contracts.blockCommenter, (payload, call) => blockCommenter(platform, actor(call), payload))
  registry.implement(contracts.unblockCommenter, (payload, call) => unblockCommenter(platform, actor(call), payload))
}
