import type { Logger } from 'pino'
import { Counter, type Registry } from 'prom-client'
import type { Queryable } from '../db/client.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'

interface Job {
  name: string
  everyMs: number
  run: () => Promise<unknown>
  timer?: NodeJS.Timeout
  running?: Promise<void>
  /** A round is due at once (nudged): further nudges until it starts add nothing. */
  soon?: boolean
  /** Nudged while a round ran: that round may have claimed its rows before the new work committed, so one more follows. */
  again?: boolean
  /** Rounds that have ended, failed ones included. */
  finished: number
}

/** The channel on which a committed transaction asks for a job's round (docs/product.md#mail-after-commit). */
export const JOBS_CHANNEL = 'jobs_due'

/**
 * Asks, inside the caller's transaction, for a round of the job `name` as soon as it commits: a
 * notification is delivered on commit only, and to every instance on the database, each of which
 * runs the job (their rows are claimed with SKIP LOCKED, so nothing is done twice). Nothing is asked
 * on a rollback; the job's timer stays the fallback for a notification lost on the way.
 */
export async function nudgeAfterCommit(tx: Queryable, name: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [JOBS_CHANNEL, name])
}

/**
 * Periodic background work (expiring unpaid orders, sending mail). Each job claims its rows with
 * FOR UPDATE SKIP LOCKED, so every instance may run every job; within one process a job never
 * overlaps itself. A job also runs when nudged, so that work a person waits for (a sign-in code)
 * goes out at once rather than at the next round.
 */
export function createJobs(logger: Logger) {
  const jobs: Job[] = []
  let started = false
  const round = (job: Job) => {
    job.timer = undefined
    job.soon = false
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
        job.finished += 1
        if (!started) return
        if (job.again) {
          job.again = false
          job.soon = true
          schedule(job, 0)
        } else schedule(job, job.everyMs)
      })
  }
  const schedule = (job: Job, delayMs: number) => {
    clearTimeout(job.timer)
    job.timer = setTimeout(() => round(job), delayMs)
    job.timer.unref()
  }
  return {
    every(name: string, everyMs: number, run: () => Promise<unknown>) {
      const job: Job = { name, everyMs, run, finished: 0 }
      jobs.push(job)
      if (started) schedule(job, everyMs)
    },
    /**
     * A round of `name` soon, instead of at its next tick; several nudges before it starts make one
     * round. Nothing while the jobs are stopped, and nothing for a name no job has (a notification
     * from an instance of another version).
     */
    nudge(name: string) {
      const job = jobs.find((candidate) => candidate.name === name)
      if (!started || !job) return
      if (job.running) job.again = true
      else if (!job.soon) {
        job.soon = true
        schedule(job, 0)
      }
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
      for (const job of jobs) schedule(job, job.everyMs)
    },
    async stop() {
      started = false
      for (const job of jobs) {
        clearTimeout(job.timer)
        job.soon = false
        job.again = false
      }
      await Promise.all(jobs.map((job) => job.running))
    },
    names: () => jobs.map((job) => job.name),
    /** Rounds each job has ended since start (its timer's and the nudged ones; runNow's are not rounds). */
    rounds: () => jobs.map((job) => ({ name: job.name, finished: job.finished })),
  }
}

export type Jobs = ReturnType<typeof createJobs>

/**
 * `background_job_rounds_total{job}`: what an operator reads to see each instance's jobs turn (a
 * stuck sweeper stops counting), and what a test of several instances waits on instead of a timer.
 */
export function registerJobMetrics(registry: Registry, jobs: Pick<Jobs, 'rounds'>): void {
  registry.registerMetric(
    new Counter({
      name: 'background_job_rounds_total',
      help: 'Rounds of each background job this instance has ended (failed ones included), since start',
      labelNames: ['job'],
      registers: [],
      // The jobs keep the counts; a scrape sets the counter to them.
      collect() {
        this.reset()
        for (const { name, finished } of jobs.rounds()) this.inc({ job: name }, finished)
      },
    }),
  )
}
