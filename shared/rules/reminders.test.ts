import { describe, expect, it } from 'vitest'
import { offsetParts, reminderTime } from './reminders.ts'

describe('when a reminder goes (docs/product.md#reminders-before-the-exhibition)', () => {
  it('when the opening is 09:00 in Bangkok, then 7 days and 1 day before are 09:00 there, and 2 hours before is 07:00', () => {
    const opening = new Date('2027-03-10T02:00:00Z')
    expect(reminderTime(opening, 'Asia/Bangkok', 168).toISOString()).toBe('2027-03-03T02:00:00.000Z')
    expect(reminderTime(opening, 'Asia/Bangkok', 24).toISOString()).toBe('2027-03-09T02:00:00.000Z')
    expect(reminderTime(opening, 'Asia/Bangkok', 2).toISOString()).toBe('2027-03-10T00:00:00.000Z')
  })

  it('when daylight saving starts in between, then 7 days before is still 09:00 on the venue’s clock (an hour less apart)', () => {
    // London: 09:00 BST (UTC+1) on 1 April 2027; clocks went forward on 28 March.
    const opening = new Date('2027-04-01T08:00:00Z')
    expect(reminderTime(opening, 'Europe/London', 168).toISOString()).toBe('2027-03-25T09:00:00.000Z')
    expect(reminderTime(opening, 'Europe/London', 24).toISOString()).toBe('2027-03-31T08:00:00.000Z')
  })

  it('when an offset is whole days, then the console writes days, else hours', () => {
    expect(offsetParts(168)).toEqual({ amount: 7, unit: 'days' })
    expect(offsetParts(24)).toEqual({ amount: 1, unit: 'days' })
    expect(offsetParts(36)).toEqual({ amount: 36, unit: 'hours' })
  })
})
