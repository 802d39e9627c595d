import * as contracts from '../../../shared/contracts/console-media.ts'
import type { StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import { deleteMedia, mediaDetail, mediaList, saveMedia } from './media-console.ts'
import type { MediaStorage } from './storage.ts'

/** The media library's console functions on POST /gateway/console (roles in console-access.ts); uploads are upload.ts. */
export function registerMediaFunctions(platform: Platform, storage: MediaStorage): void {
  const { registry, db } = platform
  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  registry.implement(contracts.mediaList, (payload) => mediaList(db, payload))
  registry.implement(contracts.mediaDetail, (payload) => mediaDetail(db, payload.id))
  registry.implement(contracts.saveMedia, (payload, call) => saveMedia(db, platform, actor(call), payload))
  registry.implement(contracts.deleteMedia, (payload, call) => deleteMedia(db, platform, storage, actor(call), payload.id))
}
