import { randomBytes } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import { argon2id, argon2Verify } from 'hash-wasm'
import type { PasswordWork } from './passwords.ts'

type Job = { id: number; op: 'hash'; password: string; work: PasswordWork } | { id: number; op: 'verify'; password: string; hash: string }

/** Argon2id off the main thread (passwords.ts), with the work each hash message names. */
parentPort?.on('message', async (job: Job) => {
  try {
    if (job.op === 'hash') {
      const hash = await argon2id({
        password: job.password,
        salt: randomBytes(16),
        ...job.work,
        parallelism: 1,
        hashLength: 32,
        outputType: 'encoded',
      })
      parentPort?.postMessage({ id: job.id, hash })
    } else {
      const ok = await argon2Verify({ password: job.password, hash: job.hash })
      parentPort?.postMessage({ id: job.id, ok })
    }
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String((error as Error)?.message ?? error) })
  }
})
