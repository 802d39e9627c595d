import * as contracts from '../../../../shared/contracts/console-editorial.ts'
import { editorialPreview } from '../../../../shared/contracts/editorial.ts'
import type { StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import { actorOf } from '../../staff-actor.ts'
import {
  deleteEditorial,
  editorialDetail,
  editorialList,
  publishDue,
  publishEditorial,
  renderFor,
  saveEditorial,
  scheduleEditorial,
  unpublishEditorial,
} from './editorial-console.ts'
import { createPreviewLinks } from './preview.ts'

/** How often the scheduler looks for items whose time has come: one indexed query per table. */
export const SCHEDULE_EVERY_MS = 15_000
export const SCHEDULE_JOB = 'editorial.schedule'

/**
 * The content editor's console functions on POST /gateway/console (roles in console-access.ts), the
 * preview links' public function, and the scheduler that refreshes pages when a scheduled item's time comes.
 */
export async function registerEditorialConsole(platform: Platform): Promise<void> {
  const { registry, db } = platform
  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  const previews = await createPreviewLinks(db, platform.config.PUBLIC_ORIGIN)

  registry.implement(contracts.editorialList, (payload) => editorialList(db, payload, new Date()))
  registry.implement(contracts.editorialDetail, async (payload) => ({ item: await editorialDetail(db, payload.kind, payload.id, new Date()) }))
  registry.implement(contracts.saveEditorial, async (payload, call) => ({ item: await saveEditorial(platform, actor(call), payload) }))
  registry.implement(contracts.publishEditorial, async (payload, call) => ({ item: await publishEditorial(platform, actor(call), payload) }))
  registry.implement(contracts.scheduleEditorial, async (payload, call) => ({ item: await scheduleEditorial(platform, actor(call), payload) }))
  registry.implement(contracts.unpublishEditorial, async (payload, call) => ({ item: await unpublishEditorial(platform, actor(call), payload) }))
  registry.implement(contracts.deleteEditorial, async (payload, call) => {
    await deleteEditorial(platform, actor(call), payload)
    return { deleted: true as const }
  })
  registry.implement(contracts.editorialPreviewLink, async (payload) => {
    // Refuses an item that does not exist before signing anything for it.
    await editorialDetail(db, payload.kind, payload.id, new Date())
    return previews.link(payload.kind, payload.id, payload.locale)
  })
  registry.implement(contracts.editorialRender, async (payload) => renderFor(payload.kind, payload.locale, payload.texts))
  registry.implement(editorialPreview, async ({ token }, call) => {
    const { chain: _chain, ...shown } = await previews.show(token, call.locale)
    return shown
  })

  platform.jobs.every(SCHEDULE_JOB, SCHEDULE_EVERY_MS, () => publishDue(platform))
}
