import { afterEach, describe, expect, it, vi } from 'vitest'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { Registry } from 'prom-client'
import { createJobs, registerJobMetrics } from './jobs.ts'

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

  it('when nudged several times before its round starts, then the job runs once, and its timer stays the fallback', async () => {
    vi.useFakeTimers()
    const jobs = createJobs(logger() as never)
    let rounds = 0
    jobs.every('mail', 2000, async () => {
      rounds++
    })
    jobs.start()
    jobs.nudge('mail')
    jobs.nudge('mail')
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(1)
    await vi.advanceTimersByTimeAsync(1999)
    expect(rounds).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(rounds).toBe(2)
    await jobs.stop()
  })

  it('when nudged while a round runs, then one more round follows that one, never beside it', async () => {
    vi.useFakeTimers()
    const jobs = createJobs(logger() as never)
    const ends: (() => void)[] = []
    let running = 0
    let most = 0
    let rounds = 0
    jobs.every('mail', 2000, async () => {
      rounds++
      running++
      most = Math.max(most, running)
      await new Promise<void>((resolve) => ends.push(resolve))
      running--
    })
    jobs.start()
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(1)
    // The round claimed its rows before this work committed: it must be looked at again.
    jobs.nudge('mail')
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(5000)
    expect(rounds).toBe(1)
    ends.shift()?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(2)
    ends.shift()?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(rounds).toBe(3)
    expect(most).toBe(1)
    ends.shift()?.()
    await jobs.stop()
  })

  it('when stopped during a round, then stop() waits for it, and a nudge while stopping starts nothing', async () => {
    vi.useFakeTimers()
    const jobs = createJobs(logger() as never)
    let finish = () => {}
    let rounds = 0
    jobs.every('mail', 2000, async () => {
      rounds++
      await new Promise<void>((resolve) => {
        finish = resolve
      })
    })
    jobs.start()
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(0)
    let stopped = false
    const stopping = jobs.stop().then(() => {
      stopped = true
    })
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(stopped).toBe(false)
    finish()
    await stopping
    expect(stopped).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(rounds).toBe(1)
  })

  it('when nudged after stop, before start or by a name no job has, then nothing runs', async () => {
    vi.useFakeTimers()
    const jobs = createJobs(logger() as never)
    let rounds = 0
    jobs.every('mail', 2000, async () => {
      rounds++
    })
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(0)
    jobs.start()
    jobs.nudge('another')
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(0)
    await jobs.stop()
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(rounds).toBe(0)
  })

  it('when a nudged round fails, then it is logged and the timer still brings the next round', async () => {
    vi.useFakeTimers()
    const log = logger()
    const jobs = createJobs(log as never)
    let rounds = 0
    jobs.every('mail', 2000, async () => {
      rounds++
      if (rounds === 1) throw new TypeError('a bug')
    })
    jobs.start()
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(0)
    expect(log.error).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(rounds).toBe(2)
    await jobs.stop()
  })

  it('when rounds end, failed or nudged, then the rounds counter counts them per job, and a run asked by hand is no round', async () => {
    vi.useFakeTimers()
    const jobs = createJobs(logger() as never)
    let sweeps = 0
    jobs.every('sweep', 1000, async () => {
      sweeps++
      if (sweeps === 2) throw new TypeError('a bug')
    })
    jobs.every('mail', 5000, async () => {})
    const registry = new Registry()
    registerJobMetrics(registry, jobs)
    const counted = async () => {
      const text = await registry.metrics()
      return Object.fromEntries([...text.matchAll(/^background_job_rounds_total\{job="([^"]+)"\} (\d+)$/gm)].map((match) => [match[1], Number(match[2])]))
    }
    expect(await registry.metrics()).toContain('# TYPE background_job_rounds_total counter')
    expect(await counted()).toEqual({ sweep: 0, mail: 0 })
    jobs.start()
    await vi.advanceTimersByTimeAsync(2000)
    jobs.nudge('mail')
    await vi.advanceTimersByTimeAsync(0)
    await jobs.runNow('sweep')
    expect(sweeps).toBe(3)
    expect(await counted()).toEqual({ sweep: 2, mail: 1 })
    await jobs.stop()
  })
})
