import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-catalog.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, forbidden, invalid } from '../../errors.ts'
import { isTimeZone } from '../../../../shared/zoned-time.ts'
import * as repo from './catalog.repo.ts'
import { type CatalogExhibition, catalogExhibition, exhibitionInScope, visitorState } from './catalog-view.ts'
import type { StaffActor } from '../../staff-actor.ts'
import type { CatalogContext } from './catalog-context.ts'
import { fromVenueTime, isVenueTime, toVenueTime } from '../../../../shared/venue-time.ts'

type ExhibitionInput = z.output<typeof contracts.saveExhibition.payload>

/** The exhibitions the member may work on, newest first, each with the state visitors see. */
export async function exhibitionList(db: Queryable, actor: StaffActor, now: Date): Promise<z.output<typeof contracts.exhibitionList.result>> {
  const rows = await repo.exhibitionsInScope(db, actor.scope)
  const texts = await repo.textsOf(
    db,
    rows.map((row) => row.id),
  )
  return {
    rows: rows.map((row) => {
      const own = texts.filter((text) => text.exhibition_id === row.id && text.title)
      const title = (own.find((text) => text.locale === 'en') ?? own[0])?.title ?? row.slug
      return {
        id: row.id,
        slug: row.slug,
        title,
        city: row.city,
        timeZone: row.time_zone,
        startsAt: toVenueTime(row.starts_at, row.time_zone),
        endsAt: toVenueTime(row.ends_at, row.time_zone),
        state: visitorState(row, now),
        published: row.published,
        ticketTypes: row.ticket_types,
        locales: LOCALES.filter((locale) => own.some((text) => text.locale === locale)),
      }
    }),
    // A member limited to some exhibitions works on those; new ones are for members of all of them.
    mayCreate: actor.scope === null,
  }
}

/** Checks what the contract cannot (the zone, real dates, their order) and turns venue times into instants. */
function fieldsOf(input: ExhibitionInput): repo.ExhibitionFields {
  const fields: Record<string, string> = {}
  if (!isTimeZone(input.timeZone)) fields.timeZone = 'console:errors.timeZone'
  for (const name of ['startsAt', 'endsAt', 'salesOpenAt', 'salesCloseAt', 'attendeeChangesUntil', 'refundFullUntil', 'refundPartialUntil'] as const) {
    const value = input[name]
    if (value && !isVenueTime(value)) fields[name] = 'console:errors.localTime'
  }
  if (Object.keys(fields).length) throw invalid(fields)
  const at = (value: string | null) => (value ? fromVenueTime(value, input.timeZone) : null)
  const startsAt = at(input.startsAt) as Date
  const endsAt = at(input.endsAt) as Date
  const salesOpenAt = at(input.salesOpenAt)
  const salesCloseAt = at(input.salesCloseAt)
  if (endsAt < startsAt) throw invalid({ endsAt: 'console:errors.endBeforeStart' })
  if (salesOpenAt && salesCloseAt && salesCloseAt <= salesOpenAt) throw invalid({ salesCloseAt: 'console:errors.endBeforeStart' })
  if (salesCloseAt && salesCloseAt > endsAt) throw invalid({ salesCloseAt: 'console:errors.salesAfterEnd' })
  return {
    slug: input.slug,
    kind: input.kind,
    startsAt,
    endsAt,
    timeZone: input.timeZone,
    salesOpenAt,
    salesCloseAt,
    city: input.city,
    countryCode: input.countryCode,
    region: input.region,
    ...policyOf(input, at, endsAt),
  }
}

/**
 * docs/product.md#refund-policy: no date after the exhibition's end, the share's period after the full one and
 * with its percentage. Without self-cancellation the dates are cleared, so the audit shows what holds.
 */
function policyOf(input: ExhibitionInput, at: (value: string | null) => Date | null, endsAt: Date) {
  const attendeeChangesUntil = at(input.attendeeChangesUntil)
  const fullUntil = input.selfCancel ? at(input.refundFullUntil) : null
  const partialUntil = input.selfCancel ? at(input.refundPartialUntil) : null
  const fields: Record<string, string> = {}
  if (attendeeChangesUntil && attendeeChangesUntil > endsAt) fields.attendeeChangesUntil = 'console:errors.afterEnd'
  if (fullUntil && fullUntil > endsAt) fields.refundFullUntil = 'console:errors.afterEnd'
  if (partialUntil && partialUntil > endsAt) fields.refundPartialUntil = 'console:errors.afterEnd'
  else if (partialUntil && fullUntil && partialUntil <= fullUntil) fields.refundPartialUntil = 'console:errors.partialBeforeFull'
  if (partialUntil && input.refundPartialPercent === null) fields.refundPartialPercent = 'console:errors.refundPercent'
  if (Object.keys(fields).length) throw invalid(fields)
  return {
    attendeeChangesUntil,
    selfCancel: input.selfCancel,
    refundFullUntil: fullUntil,
    refundPartialUntil: partialUntil,
    refundPartialPercent: partialUntil ? input.refundPartialPercent : null,
  }
}

const textsToWrite = (input: ExhibitionInput) =>
  LOCALES.flatMap((locale) => {
    const text = input.texts[locale]
    return text?.title ? [{ locale, title: text.title, summary: text.summary, venueName: text.venueName, city: text.city }] : []
  })

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

/**
 * Creates an exhibition (unpublished) or edits one; its short texts in the languages given. The
 * audit row commits with the change; the page cache hears of it after the commit.
 */
export async function saveExhibition(context: CatalogContext, actor: StaffActor, input: ExhibitionInput): Promise<CatalogExhibition> {
  const { db } = context.platform
  if (input.id === undefined && actor.scope !== null) throw forbidden('console:errors.exhibitionScope')
  const fields = fieldsOf(input)
  try {
    const id = await db.transaction(async (tx) => {
      const before = input.id === undefined ? null : await catalogExhibition(tx, await exhibitionInScope(tx, actor.scope, input.id, true), new Date())
      const id = input.id ?? (await repo.insertExhibition(tx, fields))
      if (input.id !== undefined) await repo.updateExhibition(tx, id, fields)
      await repo.writeTexts(tx, id, textsToWrite(input))
      const after = await catalogExhibition(tx, (await repo.exhibitionById(tx, id)) as repo.CatalogExhibitionRow, new Date())
      await context.audit(tx, actor, {
        function: 'console$saveExhibition',
        target: `exhibition:${id}`,
        before: withoutTypes(before),
        after: withoutTypes(after),
      })
      return id
    })
    context.platform.contentChanged({ scope: 'exhibitions' })
    return catalogExhibition(db, (await repo.exhibitionById(db, id)) as repo.CatalogExhibitionRow, new Date())
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('console:errors.slugTaken')
    throw error
  }
}

/** Publishes or unpublishes; visitors see the change at once (the page cache is dropped). */
export async function publishExhibition(context: CatalogContext, actor: StaffActor, id: number, published: boolean): Promise<CatalogExhibition> {
  const { db } = context.platform
  await db.transaction(async (tx) => {
    const row = await exhibitionInScope(tx, actor.scope, id, true)
    await repo.setPublished(tx, id, published)
    await context.audit(tx, actor, {
      function: 'console$publishExhibition',
      target: `exhibition:${id}`,
      before: { published: row.published },
      after: { published },
    })
  })
  context.platform.contentChanged({ scope: 'exhibitions' })
  return catalogExhibition(db, await exhibitionInScope(db, actor.scope, id), new Date())
}

/** The audit row records the exhibition's own fields; ticket types have rows of their own. */
const withoutTypes = (exhibition: CatalogExhibition | null) => (exhibition ? { ...exhibition, ticketTypes: undefined, state: undefined } : null)
