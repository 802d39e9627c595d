import type { ExhibitionState } from '../../../shared/rules/exhibitions.ts'

/** What decides an exhibition's state: its dates and its ticket sales window. */
export interface StateInput {
  startsAt: Date
  endsAt: Date
  /** null: sales not announced yet. */
  salesOpenAt: Date | null
  /** null: sales stay open until the event ends. */
  salesCloseAt: Date | null
}

/**
 * docs/product.md#exhibition-states: ended once the end has passed; in progress from the first
 * instant of the event; signing up while the sales window is open before the event; looking
 * forward otherwise (announced, sales not open yet, or closed before the doors open).
 * Windows include their start and exclude their end, so at any instant exactly one state holds.
 * `stateSql` below is the same rule for filtering in the database; keep the two in step.
 */
export function stateOf(exhibition: StateInput, now: Date): ExhibitionState {
  const at = now.getTime()
  if (at >= exhibition.endsAt.getTime()) return 'ended'
  if (at >= exhibition.startsAt.getTime()) return 'inProgress'
  if (salesWindowOpen(exhibition, at)) return 'signingUp'
  return 'lookingForward'
}

/** Tickets can be bought: the sales window is open and the event is not over (sales may continue during it). */
export function ticketsOnSale(exhibition: StateInput, now: Date): boolean {
  const at = now.getTime()
  return at < exhibition.endsAt.getTime() && salesWindowOpen(exhibition, at)
}

function salesWindowOpen(exhibition: StateInput, at: number): boolean {
  if (!exhibition.salesOpenAt || at < exhibition.salesOpenAt.getTime()) return false
  return !exhibition.salesCloseAt || at < exhibition.salesCloseAt.getTime()
}

/** The same rule as `stateOf` in SQL, over a row aliased `e`, with `now` as the parameter `$n`. */
export function stateSql(nowParameter: string): string {
  return `case
    when ${nowParameter} >= e.ends_at then 'ended'
    when ${nowParameter} >= e.starts_at then 'inProgress'
    when e.sales_open_at is not null and ${nowParameter} >= e.sales_open_at
      and (e.sales_close_at is null or ${nowParameter} < e.sales_close_at) then 'signingUp'
    else 'lookingForward'
  end`
}
