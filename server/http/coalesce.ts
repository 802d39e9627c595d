import { Writable } from 'node:stream'

/** The response as the coalescer sees it: `flush` is the compression middleware's, when it is on. */
export interface StreamTarget {
  write(chunk: Buffer): boolean
  end(): unknown
  flush?: () => void
  once(event: 'drain', listener: () => void): unknown
}

/** A piece larger than this goes out before React's next flush: the page's memory stays bounded. */
const MAX_HELD_BYTES = 64 * 1024

/**
 * Hands a streamed page to the response in one piece per flush of React's instead of one per 4 KB.
 * React writes 4 KB views (and every long string on its own) and calls `flush()` after each batch;
 * through the compression middleware each write was a job of its own on the thread pool, a fifth of
 * a logged-in page's CPU time on a busy core (docs/performance.md#pinned). The flush still reaches
 * the compressor, so the shell and each finished part still leave as soon as React has them.
 */
export class CoalescingWriter extends Writable {
  #chunks: Buffer[] = []
  #size = 0
  readonly #target: StreamTarget

  constructor(target: StreamTarget) {
    super({ highWaterMark: MAX_HELD_BYTES })
    this.#target = target
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#chunks.push(chunk)
    this.#size += chunk.length
    if (this.#size < MAX_HELD_BYTES) callback()
    else this.#send(callback)
  }

  /** React calls this at the end of each batch it wrote. */
  flush(): void {
    this.#send()
    this.#target.flush?.()
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#send()
    this.#target.end()
    callback()
  }

  #send(done?: () => void): void {
    if (this.#size === 0) {
      done?.()
      return
    }
    const piece = this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks, this.#size)
    this.#chunks = []
    this.#size = 0
    const more = this.#target.write(piece)
    if (done && more) done()
    else if (done) this.#target.once('drain', done)
  }
}
