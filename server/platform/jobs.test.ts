import { afterEach, describe, expect, it, vi } from 'vitest'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { createJobs } from './jobs.ts'

const logger = () => ({ warn: vi.fn(), error: vi.fn() })

afterEach(() => {
  vi.useRealTimers()
})

describe('background jobs', () => {
  it('when a round meets the database away, then it is a warning and the next round runs', async () => {
    vi.useFakeTimers()
    const log = logger()
    const jobs = createJobs(log as never)
    let rounds = 0
    jobs.every('sweep', 1000, async () => {
      rounds++
      if (rounds === 1) throw new DatabaseUnavailableError(new Error('Connection terminated unexpectedly'))
    })
    jobs.start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.error).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(rounds).toBe(2)
    await jobs.stop()
  })

  it('when a round fails for another reason, then it is an error, and the next round still runs', async () => {
    vi.useFakeTimers()
    const log = logger()
    const jobs = createJobs(log as never)
    let rounds = 0
    jobs.every('sweep', 1000, async () => {
      rounds++
      if (rounds === 1) throw new TypeError('a bug')
    })
    jobs.start()
    await vi.advanceTimersByTimeAsync(2000)
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.warn).not.toHaveBeenCalled()
    expect(rounds).toBe(2)
    await jobs.stop()
  })
})
