import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { discountFor, MAX_TICKETS_PER_ORDER } from '../../../shared/rules/tickets.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, DomainError, invalid, notFound } from '../errors.ts'
import type { TicketsContext } from './tickets-context.ts'
import * as repo from './tickets.repo.ts'

export type Line = { ticketTypeId: number; quantity: number }
export type PricedLine = Line & { unitPriceMinor: number }

/** A type's name and description in the buyer's language, or the nearest one written. */
export function typeText(row: Pick<repo.TicketTypeRow, 'texts' | 'key'>, locale: Locale): { name: string; description: string } {
  for (const candidate of contentFallbackChain(locale)) {
    const text = row.texts[candidate]
    if (text?.name) return { name: text.name, description: text.description ?? '' }
  }
  return { name: row.key, description: '' }
}

/** The tickets of an exhibition with a coarse availability, never the count left (docs/product.md#tickets). */
export async function listTicketTypes(context: TicketsContext, exhibitionId: number, locale: Locale): Promise<z.output<typeof contracts.ticketTypes.result>> {
  const { platform } = context
  const detail = await platform.services.exhibitions.getById(exhibitionId, locale)
  if (!detail) throw notFound()
  const info = await context.exhibitions.get(exhibitionId, locale)
  const rows = await repo.typesOfExhibition(platform.db, exhibitionId)
  const now = Date.now()
  return {
    exhibition: info,
    state: detail.state,
    onSale: detail.ticketsOnSale,
    salesOpenAt: detail.salesOpenAt,
    maxPerOrder: MAX_TICKETS_PER_ORDER,
    types: rows.map((row) => {
      const left = row.capacity - row.reserved
      const availability =
        detail.state === 'ended' || (row.sales_end_at && now >= row.sales_end_at.getTime())
          ? 'ended'
          : !detail.ticketsOnSale || (row.sales_start_at && now < row.sales_start_at.getTime())
            ? detail.salesCloseAt && now >= Date.parse(detail.salesCloseAt)
              ? 'ended'
              : 'notYet'
            : left <= 0
              ? 'soldOut'
              : left <= Math.max(5, Math.ceil(row.capacity * 0.1))
                ? 'few'
                : 'available'
      const text = typeText(row, locale)
      return {
        id: row.id,
        name: text.name,
        description: text.description,
        priceMinor: row.price_minor,
        currency: row.currency,
        maxPerOrder: row.max_per_order,
        availability,
        salesStartAt: row.sales_start_at?.toISOString() ?? null,
        salesEndAt: row.sales_end_at?.toISOString() ?? null,
      }
    }),
  }
}

/** The chosen types priced, after checking they belong to the exhibition, are on sale and within their limits. */
export async function priced(db: Queryable, exhibitionId: number, lines: Line[], locale: Locale): Promise<{ lines: PricedLine[]; currency: string }> {
  const rows = new Map(
    (
      await repo.typesByIds(
        db,
        lines.map((line) => line.ticketTypeId),
      )
    ).map((row) => [row.id, row]),
  )
  const now = Date.now()
  const result: PricedLine[] = []
  for (const line of lines) {
    const row = rows.get(line.ticketTypeId)
    if (!row?.active || row.exhibitor_pass || row.exhibition_id !== exhibitionId)
      throw invalid({ lines: 'messages.typeUnavailable' }, 'tickets:messages.typeUnavailable')
    const name = typeText(row, locale).name
    if ((row.sales_start_at && now < row.sales_start_at.getTime()) || (row.sales_end_at && now >= row.sales_end_at.getTime())) {
      throw conflict('tickets:messages.typeNotOnSale', { ticketTypeId: row.id, name })
    }
    if (line.quantity > row.max_per_order) {
      throw new DomainError(
        'tickets:messages.typeLimit',
        ERROR_CODES.invalid,
        { ticketTypeId: row.id, name, max: row.max_per_order },
        { lines: 'messages.typeLimit' },
      )
    }
    result.push({ ...line, unitPriceMinor: row.price_minor })
  }
  const currencies = new Set(lines.map((line) => rows.get(line.ticketTypeId)?.currency))
  if (currencies.size !== 1) throw invalid({ lines: 'messages.currencyMix' }, 'tickets:messages.currencyMix')
  return { lines: result.sort((a, b) => a.ticketTypeId - b.ticketTypeId), currency: [...currencies][0] as string }
}

/** Seats for each line in ascending type order; the first that is short rolls the whole transaction back. */
export async function reserve(tx: Queryable, changes: Map<number, number>, locale: Locale): Promise<void> {
  for (const id of [...changes.keys()].sort((a, b) => a - b)) {
    const delta = changes.get(id) ?? 0
    if (delta > 0 && !(await repo.reserveSeats(tx, id, delta))) {
      const [row] = await repo.typesByIds(tx, [id])
      throw conflict('tickets:messages.soldOut', { ticketTypeId: id, name: row ? typeText(row, locale).name : '' })
    }
    if (delta < 0) await repo.releaseSeats(tx, new Map([[id, -delta]]))
  }
}

/** Subtotal and coupon discount of priced lines (the discount rule is shared with the pages: shared/rules/tickets.ts). */
export function totalsOf(lines: PricedLine[], coupon: repo.CouponRow | null): { subtotalMinor: number; discountMinor: number } {
  const subtotalMinor = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
  const discountMinor = coupon
    ? discountFor({ kind: coupon.kind, percentOff: coupon.percent_off, amountOffMinor: coupon.amount_off_minor, ticketTypeIds: coupon.ticket_type_ids }, lines)
    : 0
  return { subtotalMinor, discountMinor }
}
