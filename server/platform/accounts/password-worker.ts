import { randomBytes } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import { argon2id, argon2Verify } from 'hash-wasm'

/**
 * Argon2id off the main thread: one hash takes about 150 ms of CPU in WebAssembly, which would stall
 * every other request of the process if it ran on the event loop.
 * Parameters: OWASP Password Storage Cheat Sheet, argon2id m=19 MiB, t=2, p=1.
 */
export const ARGON2_PARAMETERS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const

type Job = { id: number; op: 'hash'; password: string } | { id: number; op: 'verify'; password: string; hash: string }

parentPort?.on('message', async (job: Job) => {
  try {
    if (job.op === 'hash') {
      const hash = await argon2id({ password: job.password, salt: randomBytes(16), ...ARGON2_PARAMETERS, outputType: 'encoded' })
      parentPort?.postMessage({ id: job.id, hash })
    } else {
      const ok = await argon2Verify({ password: job.password, hash: job.hash })
      parentPort?.postMessage({ id: job.id, ok })
    }
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String((error as Error)?.message ?? error) })
  }
})
