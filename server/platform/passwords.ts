import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { DomainError } from './errors.ts'
import { ERROR_CODES } from '../../shared/contracts/define.ts'

/**
 * Argon2id off the main thread: one hash takes about 150 ms of CPU in WebAssembly, which would stall
 * every other request of the process if it ran on the event loop.
 * Parameters: OWASP Password Storage Cheat Sheet, argon2id m=19 MiB, t=2, p=1.
 */
export const ARGON2_PARAMETERS: PasswordWork = { memorySize: 19_456, iterations: 2 }

/** What one hash costs: argon2id's memory in KiB and its passes (a verify reads them from the stored hash). */
export interface PasswordWork {
  memorySize: number
  iterations: number
}

export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Compares with a stored hash; with `null` (no such account) it compares with a dummy hash, so both take as long. */
  verify(password: string, hash: string | null): Promise<boolean>
  close(): Promise<void>
}

interface Pending {
  resolve(value: { hash?: string; ok?: boolean }): void
  reject(error: Error): void
}

/** More waiting hashes than this and new sign-ins are asked to come back in a moment (no queue without end). */
const MAX_QUEUE = 64
const WORKER_URL = new URL('./password-worker.ts', import.meta.url)

/**
 * A small pool of worker threads running argon2id (hash-wasm), one per process: the platform's, which
 * visitors' and staff's sign-ins share, so that together they never take more than their cores.
 * Workers start on first use and do not keep the process alive. `work` is OWASP's unless a test passes
 * a lighter one (test/setup/test-app.ts); hashes and the dummy an unknown address is checked against
 * cost the same either way.
 */
export function createPasswordHasher(size = Math.max(1, Math.min(2, availableParallelism() - 1)), work: PasswordWork = ARGON2_PARAMETERS): PasswordHasher {
  const workers: Array<{ worker: Worker; busy: number }> = []
  const pending = new Map<number, Pending>()
  let nextId = 1
  let dummy: Promise<string> | null = null

  const start = () => {
    const worker = new Worker(WORKER_URL)
    worker.unref()
    const slot = { worker, busy: 0 }
    worker.on('message', (message: { id: number; hash?: string; ok?: boolean; error?: string }) => {
      slot.busy--
      const job = pending.get(message.id)
      if (!job) return
      pending.delete(message.id)
      if (message.error) job.reject(new Error(`password worker: ${message.error}`))
      else job.resolve(message)
    })
    worker.on('error', (error) => {
      // A dead worker fails what it held; the next call starts a new one.
      workers.splice(workers.indexOf(slot), 1)
      for (const [id, job] of pending) {
        pending.delete(id)
        job.reject(error)
      }
    })
    workers.push(slot)
    return slot
  }

  const run = (message: { op: 'hash'; password: string; work: PasswordWork } | { op: 'verify'; password: string; hash: string }) => {
    if (pending.size >= MAX_QUEUE) throw new DomainError('errors.rateLimited', ERROR_CODES.rateLimited, { seconds: 5 })
    const idle = workers.find((candidate) => candidate.busy === 0)
    const slot = idle ?? (workers.length < size ? start() : workers.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least)))
    const id = nextId++
    slot.busy++
    return new Promise<{ hash?: string; ok?: boolean }>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      slot.worker.postMessage({ id, ...message })
    })
  }

  const hash = async (password: string) => {
    const result = await run({ op: 'hash', password, work })
    if (!result.hash) throw new Error('password worker gave no hash')
    return result.hash
  }

  return {
    hash,
    async verify(password, stored) {
      // Made by whichever check comes first, so that the first unknown address is not the slow one.
      dummy ??= hash(randomBytes(16).toString('base64url')).catch((error: unknown) => {
        dummy = null
        throw error
      })
      const target = await dummy
      if (!stored?.startsWith('$argon2id$')) {
        await run({ op: 'verify', password, hash: target })
        return false
      }
      return (await run({ op: 'verify', password, hash: stored })).ok === true
    },
    async close() {
      await Promise.all(workers.splice(0).map((slot) => slot.worker.terminate()))
    },
  }
}
