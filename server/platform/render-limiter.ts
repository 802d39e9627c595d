/** Thrown when every slot is taken and the queue is full: the caller answers 503 at once. */
export class LimiterBusy extends Error {
  constructor() {
    super('busy')
    this.name = 'LimiterBusy'
  }
}

/**
 * A counting semaphore with a bounded queue, for work that costs CPU per request (drawing images):
 * at most `concurrency` tasks run, at most `queueLimit` wait, and anyone past that is turned away,
 * so a crawler asking for hundreds of new images at once cannot pile them up in memory.
 */
export function createRenderLimiter(concurrency: number, queueLimit: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) {
      if (waiting.length >= queueLimit) throw new LimiterBusy()
      // The slot is handed over by the task that ends, so `active` stays counted.
      await new Promise<void>((wake) => waiting.push(wake))
    } else active += 1
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}
