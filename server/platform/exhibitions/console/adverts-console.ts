import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-content.ts'
import { advertState } from '../../../../shared/rules/exhibition-content.ts'
import type { Queryable } from '../../../db/client.ts'
import { toVenueTime } from '../../../../shared/venue-time.ts'
import { conflict, forbidden, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { importAdvert } from '../content-import.ts'
import type { AdvertFile } from '../content-schema.ts'
import { advertFileOf } from '../exhibitions.content.ts'
import type { AdvertRow } from '../exhibitions.repo.ts'
import * as repo from './content.repo.ts'
import { versionOf } from './content-view.ts'

type AdvertView = z.output<typeof contracts.advertView>
type AdvertInput = z.output<typeof contracts.saveAdvert.payload>

/** The advert's window is edited and shown in UTC, as the console's other lists show times. */
const utc = (value: Date | null) => (value ? toVenueTime(value, 'UTC') : null)
const fromUtc = (value: string | null) => (value ? `${value}:00Z` : null)

function advertView(row: AdvertRow, now: Date): AdvertView {
  return {
    id: row.id,
    slug: row.slug,
    placement: row.placement as AdvertView['placement'],
    image: row.image,
    width: row.image_width,
    height: row.image_height,
    link: row.link,
    exhibitionId: row.exhibition_id,
    showsFrom: utc(row.shows_from),
    showsUntil: utc(row.shows_until),
    sort: row.sort,
    published: row.published,
    state: advertState({ published: row.published, showsFrom: row.shows_from, showsUntil: row.shows_until }, now),
    texts: row.texts as AdvertView['texts'],
    // What the content folder holds of it: an import that changed it moves the version too.
    version: versionOf(advertFileOf(row)),
  }
}

const advertNotFound = () => notFound('console:errors.advertNotFound')

export async function advertList(db: Queryable, actor: StaffActor, now: Date): Promise<z.output<typeof contracts.advertList.result>> {
  const [rows, exhibitions] = await Promise.all([repo.advertRows(db, actor.scope), repo.exhibitionTitles(db, actor.scope, actor.locale)])
  return { adverts: rows.map((row) => advertView(row, now)), exhibitions }
}

/** A member limited to some exhibitions keeps only their adverts; the site-wide ones are for members of all. */
function mayTouch(actor: StaffActor, exhibitionId: number | null): boolean {
  return actor.scope === null || (exhibitionId !== null && actor.scope.includes(exhibitionId))
}

async function lockedAdvert(tx: Queryable, actor: StaffActor, id: number, version: string | undefined): Promise<AdvertRow> {
  const row = await repo.advertById(tx, id, true)
  if (!row || !mayTouch(actor, row.exhibition_id)) throw advertNotFound()
  if (version !== versionOf(advertFileOf(row))) throw conflict('console:errors.contentChanged')
  return row
}

/** A slug for a new advert from its English title, unique among adverts. */
async function newSlug(tx: Queryable, title: string): Promise<string> {
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'advert'
  let slug = base
  for (let counter = 2; await repo.advertBySlug(tx, slug); counter++) slug = `${base}-${counter}`
  return slug
}

/**
 * Adds an advert (unpublished until published) or changes one at the version the editor read; written
 * through the content import, so the content folder exports exactly what was saved.
 */
export async function saveAdvert(platform: Platform, actor: StaffActor, input: AdvertInput): Promise<AdvertView> {
  if (!mayTouch(actor, input.exhibitionId)) throw forbidden('console:errors.exhibitionScope')
  const id = await platform.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await lockedAdvert(tx, actor, input.id, input.version)
    const exhibition = input.exhibitionId === null ? null : await repo.exhibitionSlug(tx, input.exhibitionId)
    if (input.exhibitionId !== null && !exhibition) throw invalid({ exhibitionId: 'console:errors.exhibitionNotFound' })
    let slug = before?.slug ?? input.slug ?? (await newSlug(tx, input.texts.en?.title ?? ''))
    if (before && input.slug && input.slug !== before.slug) slug = input.slug
    if (slug !== before?.slug && (await repo.advertBySlug(tx, slug))) throw invalid({ slug: 'console:errors.advertSlugTaken' })
    const file: AdvertFile = {
      slug,
      placement: input.placement,
      published: before?.published ?? false,
      sort: input.sort,
      image: input.image,
      width: input.width,
      height: input.height,
      link: input.link,
      exhibition,
      showsFrom: fromUtc(input.showsFrom),
      showsUntil: fromUtc(input.showsUntil),
      texts: input.texts as AdvertFile['texts'],
    }
    if (before && slug !== before.slug) await tx.query('update adverts set slug = $2 where id = $1', [before.id, slug])
    await importAdvert(tx, file)
    const after = (await repo.advertBySlug(tx, slug)) as AdvertRow
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$saveAdvert', target: `advert:${after.id}`, before: before ? advertFileOf(before) : null, after: advertFileOf(after) },
    )
    return after.id
  })
  platform.contentChanged({ scope: 'exhibitions' })
  return advertView((await repo.advertById(platform.db, id)) as AdvertRow, new Date())
}

export async function publishAdvert(platform: Platform, actor: StaffActor, id: number, version: string, published: boolean): Promise<AdvertView> {
  await platform.db.transaction(async (tx) => {
    const before = await lockedAdvert(tx, actor, id, version)
    await repo.setAdvertPublished(tx, id, published)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$publishAdvert', target: `advert:${id}`, before: { published: before.published }, after: { published } },
    )
  })
  platform.contentChanged({ scope: 'exhibitions' })
  return advertView((await repo.advertById(platform.db, id)) as AdvertRow, new Date())
}
