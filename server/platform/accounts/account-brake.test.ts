import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRateLimits } from '../rate-limits.ts'
import { brakeWaitSeconds, CODE_BRAKE, createAccountBrake, PASSWORD_BRAKE } from './account-brake.ts'

afterEach(() => {
  vi.useRealTimers()
})

const waitOf = async (attempt: Promise<void>) => {
  try {
    await attempt
    return 0
  } catch (error) {
    return (error as { params: { seconds: number } }).params.seconds
  }
}

describe('account-wide brake', () => {
  it('when attempts pile up, then the free ones cost nothing, the last free one sets 30 s and each further one doubles it up to 15 min', () => {
    const waits = Array.from({ length: 12 }, (_, index) => brakeWaitSeconds(index + 1, CODE_BRAKE))
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900])
    expect(brakeWaitSeconds(19, PASSWORD_BRAKE)).toBe(0)
    expect(brakeWaitSeconds(20, PASSWORD_BRAKE)).toBe(30)
    expect(brakeWaitSeconds(1_000_000, PASSWORD_BRAKE)).toBe(900)
  })

  it('when many attempts arrive at once past the free ones, then only one takes the turn and the others are refused without counting', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-05-10T07:00:00Z') })
    const brake = createAccountBrake(createRateLimits(), CODE_BRAKE)
    const first = await Promise.all(Array.from({ length: 40 }, () => waitOf(brake.admit('member-1'))))
    // The fifth sets the wait; one more may take the turn in the same instant; nobody else runs.
    expect(first.filter((wait) => wait === 0).length).toBeLessThanOrEqual(CODE_BRAKE.free + 1)
    expect(first.filter((wait) => wait === 0).length).toBeGreaterThanOrEqual(CODE_BRAKE.free)
    expect(await waitOf(brake.admit('member-2'))).toBe(0)

    // Refused attempts were not counted: after the wait, the next one waits only one step longer.
    vi.setSystemTime(Date.now() + 15 * 60 * 1000)
    expect(await waitOf(brake.admit('member-1'))).toBe(0)
    const next = await waitOf(brake.admit('member-1'))
    expect(next).toBeGreaterThan(0)
    expect(next).toBeLessThanOrEqual(240)
  })

  it('when the answer was right, then release lets the next attempt run at once and reset forgets the count', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-05-10T07:00:00Z') })
    const brake = createAccountBrake(createRateLimits(), CODE_BRAKE)
    for (let attempt = 0; attempt < CODE_BRAKE.free; attempt++) await brake.admit('member-1')
    expect(await waitOf(brake.admit('member-1'))).toBe(30)
    await brake.release('member-1')
    expect(await waitOf(brake.admit('member-1'))).toBe(0)
    expect(await waitOf(brake.admit('member-1'))).toBe(60)
    await brake.reset('member-1')
    for (let attempt = 0; attempt < CODE_BRAKE.free; attempt++) expect(await waitOf(brake.admit('member-1'))).toBe(0)
  })
})
