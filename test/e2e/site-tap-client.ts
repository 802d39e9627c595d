import type { ChildProcess } from 'node:child_process'
import type { TapAnswer, TapQuestion, TapRequest } from './console-site-tap.ts'

/** The arguments that start a test site with its tap (console-site-hooks.ts); spawn it with an IPC channel. */
export const TAPPED_SERVER_ARGS = ['--import', './test/e2e/console-site-hooks.ts', 'server/index.ts']

/**
 * Asks a site started with TAPPED_SERVER_ARGS (and `serialization: 'advanced'`) over its IPC channel;
 * every question still open is refused when the site exits.
 */
export function tapOf(server: ChildProcess): (question: TapQuestion) => Promise<unknown> {
  let nextId = 0
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  server.on('message', (answer: TapAnswer) => {
    const pending = waiting.get(answer.id)
    waiting.delete(answer.id)
    if (answer.ok) pending?.resolve(answer.value)
    else pending?.reject(new Error(answer.error))
  })
  server.once('exit', () => {
    for (const pending of waiting.values()) pending.reject(new Error('the test site stopped before it answered'))
    waiting.clear()
  })
  return (question) => {
    if (!server.connected) return Promise.reject(new Error('the test site is not running'))
    const id = ++nextId
    const answered = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }))
    server.send({ ...question, id } satisfies TapRequest)
    return answered
  }
}
