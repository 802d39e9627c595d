/**
 * How many exports one instance streams at once (docs/product.md#console-exports). Each holds a
 * database connection and a transaction for as long as its download lasts, so a few run, a few more
 * wait their turn in order, and beyond that a member is told to try again shortly rather than piling
 * work on the pool the visitors' pages need.
 */
export interface ExportSlots {
  /** Runs `work` when a slot is free; false, without running it, when the queue is full or `signal` ends first. */
  run(work: () => Promise<void>, signal: AbortSignal): Promise<boolean>
  readonly running: number
  readonly waiting: number
}

export function exportSlots(limits: { running: number; waiting: number }): ExportSlots {
  let running = 0
  const queue: (() => void)[] = []
  // A finished export hands its slot straight to the first in line, so none can jump the queue.
  const release = () => {
    const next = queue.shift()
    if (next) next()
    else running--
  }
  return {
    get running() {
      return running
    },
    get waiting() {
      return queue.length
    },
    async run(work, signal) {
      if (signal.aborted) return false
      if (running >= limits.running) {
        if (queue.length >= limits.waiting) return false
        const turn = await new Promise<boolean>((resolve) => {
          const start = () => {
            signal.removeEventListener('abort', leave)
            resolve(true)
          }
          const leave = () => {
            queue.splice(queue.indexOf(start), 1)
            resolve(false)
          }
          queue.push(start)
          signal.addEventListener('abort', leave, { once: true })
        })
        if (!turn) return false
      } else {
        running++
      }
      try {
        await work()
      } finally {
        release()
      }
      return true
    },
  }
}
