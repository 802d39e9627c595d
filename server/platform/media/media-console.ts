import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/console-media.ts'
import type { MediaItem, MediaKind } from '../../../shared/rules/media.ts'
import { mediaSources } from '../../../shared/rules/media.ts'
import type { Locale } from '../../../shared/languages.ts'
import type { Database, Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import * as repo from './media.repo.ts'
import type { MediaStorage } from './storage.ts'

export const mediaView = (row: repo.MediaRow): MediaItem => ({
  id: row.id,
  kind: row.kind,
  src: row.src,
  width: row.width,
  height: row.height,
  sources: row.kind === 'image' ? mediaSources(row.src) : [],
  alt: row.alt as Partial<Record<Locale, string>>,
  name: row.name,
  bytes: Number(row.bytes),
  createdAt: new Date(row.created_at).toISOString(),
})

/** What the audit log keeps of an item (not its copies' keys: they follow from its src). */
const auditView = (item: MediaItem) => ({ kind: item.kind, src: item.src, name: item.name, bytes: item.bytes, alt: item.alt })

const mediaNotFound = () => notFound('console:errors.mediaNotFound')

/**
 * A file name as editors will read it: the last path part, no control or bidi-override characters,
 * NFC, at most `max` characters. It is only ever shown as text.
 */
export function cleanName(raw: string, max: number): string {
  const last = raw.split(/[\\/]/).pop() ?? ''
  const clean = last
    .normalize('NFC')
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim()
  return Array.from(clean).slice(0, max).join('') || 'upload'
}

export interface NewMedia {
  id: string
  kind: MediaKind
  src: string
  width: number
  height: number
  keys: string[]
  name: string
  bytes: number
}

/**
 * Records an upload whose files are already stored (so a row never names files that are not there),
 * audited in its transaction. The same file uploaded again, or by two editors at once, is the item
 * that exists: nothing changes and nothing is audited.
 */
export async function recordUpload(db: Database, platform: Platform, actor: Pick<StaffActor, 'staffId' | 'address'>, media: NewMedia): Promise<MediaItem> {
  return db.transaction(async (tx) => {
    const row = await repo.insertMedia(tx, {
      id: media.id,
      kind: media.kind,
      src: media.src,
      width: media.width,
      height: media.height,
      storage_keys: media.keys,
      name: media.name,
      bytes: media.bytes,
      createdBy: actor.staffId,
    })
    if (!row) {
      const existing = await repo.mediaById(tx, media.id)
      if (!existing) throw mediaNotFound()
      return mediaView(existing)
    }
    const item = mediaView(row)
    await platform.services.staff.audit(tx, actor, { function: 'console$saveMedia', target: `media:${item.id}`, before: null, after: auditView(item) })
    return item
  })
}

export async function existingMedia(db: Queryable, id: string): Promise<MediaItem | null> {
  const row = await repo.mediaById(db, id)
  return row ? mediaView(row) : null
}

export async function mediaList(db: Queryable, input: z.output<typeof contracts.mediaList.payload>) {
  const { rows, total } = await repo.mediaPage(db, { search: input.search, kind: input.kind }, input.page, input.pageSize)
  return { rows: rows.map(mediaView), total }
}

export async function mediaDetail(db: Queryable, id: string) {
  const row = await repo.mediaById(db, id)
  if (!row) throw mediaNotFound()
  return { item: mediaView(row), uses: await repo.mediaUses(db, id) }
}

export function saveMedia(db: Database, platform: Platform, actor: StaffActor, input: z.output<typeof contracts.saveMedia.payload>): Promise<MediaItem> {
  return db.transaction(async (tx) => {
    const before = await repo.mediaById(tx, input.id, true)
    if (!before) throw mediaNotFound()
    const alt = Object.fromEntries(Object.entries(input.alt).filter((entry): entry is [string, string] => Boolean(entry[1])))
    const row = await repo.updateMedia(tx, input.id, { alt, name: input.name })
    const item = mediaView(row)
    await platform.services.staff.audit(tx, actor, {
      function: 'console$saveMedia',
      target: `media:${item.id}`,
      before: auditView(mediaView(before)),
      after: auditView(item),
    })
    return item
  })
}

/**
 * Deletes an item that no page shows (409 otherwise, naming how many), then its files. The row goes
 * first: a file left behind by a failed storage call is only unused bytes, a row without its files
 * would be a broken picture.
 */
export async function deleteMedia(db: Database, platform: Platform, storage: MediaStorage, actor: StaffActor, id: string) {
  const keys = await db.transaction(async (tx) => {
    const before = await repo.mediaById(tx, id, true)
    if (!before) throw mediaNotFound()
    const uses = await repo.mediaUses(tx, id)
    if (uses.length) throw conflict('console:errors.mediaInUse')
    await repo.deleteMedia(tx, id)
    await platform.services.staff.audit(tx, actor, {
      function: 'console$deleteMedia',
      target: `media:${id}`,
      before: auditView(mediaView(before)),
      after: null,
    })
    return before.storage_keys
  })
  const failed = (await Promise.allSettled(keys.map((key) => storage.delete(key)))).filter((outcome) => outcome.status === 'rejected')
  if (failed.length)
    platform.logger.warn({ id, failed: failed.length, err: (failed[0] as PromiseRejectedResult).reason }, 'media: files of a deleted item were left in storage')
  return { id }
}
