import { describe, expect, it } from 'vitest'
import { attendeeChangesOpen, type RefundPolicy, refundDueByPolicy } from './tickets.ts'

const startsAt = '2027-03-10T01:00:00.000Z'
const at = (iso: string) => new Date(iso)

describe('attendeeChangesOpen', () => {
  it.each([
    ['when no cut-off is set, then changes are open a millisecond before the start', null, '2027-03-10T00:59:59.999Z', true],
    ['when no cut-off is set, then changes close at the exact start', null, startsAt, false],
    ['when a cut-off is set, then changes are open a millisecond before it', '2027-03-08T16:00:00.000Z', '2027-03-08T15:59:59.999Z', true],
    ['when a cut-off is set, then changes close at its exact instant', '2027-03-08T16:00:00.000Z', '2027-03-08T16:00:00.000Z', false],
    ['when a cut-off is set, then it wins over the start', '2027-03-08T16:00:00.000Z', '2027-03-09T00:00:00.000Z', false],
  ] as const)('%s', (_name, attendeeChangesUntil, now, open) => {
    expect(attendeeChangesOpen({ startsAt, attendeeChangesUntil }, at(now))).toBe(open)
  })

  it('when the exhibition holds Dates instead of ISO strings, then the answer is the same', () => {
    expect(attendeeChangesOpen({ startsAt: at(startsAt), attendeeChangesUntil: null }, at('2027-03-10T00:59:59.999Z'))).toBe(true)
  })
})

describe('refundDueByPolicy', () => {
  const policy: RefundPolicy = {
    selfCancel: true,
    fullUntil: '2027-02-01T00:00:00.000Z',
    partialUntil: '2027-03-01T00:00:00.000Z',
    partialPercent: 50,
  }
  it.each([
    ['when in the full period, then all that was paid', policy, 29_900, '2027-01-31T23:59:59.999Z', 29_900],
    ['when at the exact end of the full period, then the share', policy, 29_900, '2027-02-01T00:00:00.000Z', 14_950],
    ['when a share has a fraction of a minor unit, then it rounds down', policy, 29_901, '2027-02-15T00:00:00.000Z', 14_950],
    ['when a millisecond before the end of the share, then the share', policy, 1_000, '2027-02-28T23:59:59.999Z', 500],
    ['when at the exact end of the share, then nothing', policy, 1_000, '2027-03-01T00:00:00.000Z', 0],
    ['when the ticket was free, then nothing in every period', policy, 0, '2027-01-01T00:00:00.000Z', 0],
    ['when the policy has no self-cancellation, then no cancelling at all', { ...policy, selfCancel: false }, 1_000, '2027-01-01T00:00:00.000Z', null],
    ['when there is only a share, then it applies from the start', { ...policy, fullUntil: null }, 1_000, '2027-01-01T00:00:00.000Z', 500],
    ['when there is only a full period, then nothing after it', { ...policy, partialUntil: null, partialPercent: null }, 1_000, '2027-02-15T00:00:00.000Z', 0],
    [
      'when self-cancellation has no periods, then nothing comes back',
      { selfCancel: true, fullUntil: null, partialUntil: null, partialPercent: null },
      1_000,
      '2027-01-01T00:00:00.000Z',
      0,
    ],
    ['when the share is 99 %, then it still rounds down', { ...policy, partialPercent: 99 }, 1, '2027-02-15T00:00:00.000Z', 0],
  ] as const)('%s', (_name, rule, paid, now, due) => {
    expect(refundDueByPolicy(rule, paid, at(now))).toBe(due)
  })
})
