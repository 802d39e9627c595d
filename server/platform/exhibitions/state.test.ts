import { describe, expect, it } from 'vitest'
import { stateOf, ticketsOnSale } from './state.ts'

const exhibition = {
  salesOpenAt: new Date('2026-10-01T00:00:00Z'),
  salesCloseAt: new Date('2026-11-20T12:00:00Z'),
  startsAt: new Date('2026-11-21T05:00:00Z'),
  endsAt: new Date('2026-11-23T14:00:00Z'),
}
const at = (iso: string) => new Date(iso)
const justBefore = (date: Date) => new Date(date.getTime() - 1)

describe('exhibition state (docs/product.md#exhibition-states)', () => {
  it('when sales have not opened, then looking forward, up to the last millisecond before they do', () => {
    expect(stateOf(exhibition, at('2026-01-01T00:00:00Z'))).toBe('lookingForward')
    expect(stateOf(exhibition, justBefore(exhibition.salesOpenAt))).toBe('lookingForward')
    expect(ticketsOnSale(exhibition, justBefore(exhibition.salesOpenAt))).toBe(false)
  })

  it('when sales open, then signing up from that very instant', () => {
    expect(stateOf(exhibition, exhibition.salesOpenAt)).toBe('signingUp')
    expect(ticketsOnSale(exhibition, exhibition.salesOpenAt)).toBe(true)
    expect(stateOf(exhibition, justBefore(exhibition.salesCloseAt))).toBe('signingUp')
  })

  it('when sales close before the doors open, then looking forward again and nothing on sale', () => {
    expect(stateOf(exhibition, exhibition.salesCloseAt)).toBe('lookingForward')
    expect(ticketsOnSale(exhibition, exhibition.salesCloseAt)).toBe(false)
  })

  it('when the event starts, then in progress until the last millisecond before its end', () => {
    expect(stateOf(exhibition, justBefore(exhibition.startsAt))).toBe('lookingForward')
    expect(stateOf(exhibition, exhibition.startsAt)).toBe('inProgress')
    expect(stateOf(exhibition, justBefore(exhibition.endsAt))).toBe('inProgress')
  })

  it('when the end has come, then ended, and no sales whatever the window says', () => {
    const openEnded = { ...exhibition, salesCloseAt: null }
    expect(stateOf(exhibition, exhibition.endsAt)).toBe('ended')
    expect(ticketsOnSale(openEnded, justBefore(exhibition.endsAt))).toBe(true)
    expect(ticketsOnSale(openEnded, exhibition.endsAt)).toBe(false)
  })

  it('when no sales window is announced, then looking forward until the doors open', () => {
    const unannounced = { ...exhibition, salesOpenAt: null, salesCloseAt: null }
    expect(stateOf(unannounced, justBefore(exhibition.startsAt))).toBe('lookingForward')
    expect(ticketsOnSale(unannounced, exhibition.startsAt)).toBe(false)
  })
})
