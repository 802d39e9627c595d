import type { Logger } from 'pino'
import { isDatabaseUnavailable } from '../db/unavailable.ts'

interface Job {
  name: string
  everyMs: number
  run: () => Promise<unknown>
  timer?: NodeJS.Timeout
  running?: Promise<void>
}

/**
 * Periodic background work (expiring unpaid orders, sending mail). Each job claims its rows with
 * FOR UPDATE SKIP LOCKED, so every instance may run every job; within one process a job never
 * overlaps itself.
 */
export function createJobs(logger: Logger) {
  const jobs: Job[] = []
  let started = false
  const schedule = (job: Job) => {
    job.timer = setTimeout(() => {
      job.running = job
        .run()
        .then(() => undefined)
        .catch((error: unknown) => {
          // The database away is no bug: the next round tries again (the rows it claims are still there).
          if (isDatabaseUnavailable(error)) logger.warn({ err: error, job: job.name }, 'background job skipped: the database is unavailable')
          else logger.error({ err: error, job: job.name }, 'background job failed')
        })
        .finally(() => {
          job.running = undefined
          if (started) schedule(job)
        })
    }, job.everyMs)
    job.timer.unref()
  }
  return {
    every(name: string, everyMs: number, run: () => Promise<unknown>) {
      const job: Job = { name, everyMs, run }
      jobs.push(job)
      if (started) schedule(job)
    },
    /** Runs one job now (tests, CLI). */
    async runNow(name: string) {
      const job = jobs.find((candidate) => candidate.name === name)
      if (!job) throw new Error(`no job named ${name}`)
      await job.run()
    },
    start() {
      if (started) return
      started = true
      for (const job of jobs) schedule(job)
    },
    async stop() {
      started = false
      for (const job of jobs) clearTimeout(job.timer)
      await Promise.all(jobs.map((job) => job.running))
    },
    names: () => jobs.map((job) => job.name),
  }
}

export type Jobs = ReturnType<typeof createJobs>
