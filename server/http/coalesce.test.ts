import { EventEmitter } from 'node:events'
import { createElement, Suspense, use } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CoalescingWriter } from './coalesce.ts'

/** A response that records what it was sent, and can say it is full. */
class FakeResponse extends EventEmitter {
  writes: Buffer[] = []
  flushes: number[] = []
  ended = false
  full = false
  write(chunk: Buffer) {
    this.writes.push(chunk)
    return !this.full
  }
  flush() {
    this.flushes.push(this.writes.length)
  }
  end() {
    this.ended = true
  }
  text() {
    return Buffer.concat(this.writes).toString()
  }
}

const finished = (writer: CoalescingWriter) => new Promise((resolve) => writer.on('finish', resolve))

describe('CoalescingWriter', () => {
  it('sends what was written between two flushes as one piece, and passes each flush on', async () => {
    const target = new FakeResponse()
    const writer = new CoalescingWriter(target)
    writer.write(Buffer.from('<html>'))
    writer.write(new Uint8Array(Buffer.from('<body>')))
    writer.write('<p>shell</p>')
    writer.flush()
    expect(target.writes.map(String)).toEqual(['<html><body><p>shell</p>'])
    expect(target.flushes).toEqual([1])
    writer.write('<p>later</p>')
    writer.end('</body></html>')
    await finished(writer)
    expect(target.writes.map(String)).toEqual(['<html><body><p>shell</p>', '<p>later</p></body></html>'])
    expect(target.ended).toBe(true)
  })

  it('sends a piece before the flush once 64 KB are held, and waits for the response to drain when it is full', async () => {
    const target = new FakeResponse()
    target.full = true
    const writer = new CoalescingWriter(target)
    for (let i = 0; i < 20; i++) writer.write(Buffer.alloc(4096, 97))
    expect(target.writes).toHaveLength(1)
    expect(target.writes[0]?.length).toBe(16 * 4096)
    // The view that filled the piece is not done until the response drains; the four after it wait.
    expect(writer.writableLength).toBe(5 * 4096)
    target.full = false
    target.emit('drain')
    writer.end()
    await finished(writer)
    expect(Buffer.concat(target.writes).length).toBe(20 * 4096)
  })

  it('gives a streamed React page to the response in one piece per flush, and the part that comes later still comes after the shell', async () => {
    let reveal = (_: string) => {}
    const later = new Promise<string>((resolve) => {
      reveal = resolve
    })
    const Later = () => createElement('p', null, use(later))
    const rows = Array.from({ length: 400 }, (_, i) => createElement('li', { key: i }, `row ${i} of a long list`))
    const page = createElement(
      'main',
      null,
      createElement('ul', null, rows),
      createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Later)),
    )
    const target = new FakeResponse()
    const writer = new CoalescingWriter(target)
    const done = finished(writer)
    await new Promise<void>((resolve, reject) => {
      const stream = renderToPipeableStream(page, {
        onShellReady() {
          stream.pipe(writer)
          resolve()
        },
        onShellError: reject,
      })
    })
    // The shell (more than 4 KB of rows) went out as one piece, before the late part exists.
    expect(target.writes).toHaveLength(1)
    expect(target.text()).toContain('row 399')
    expect(target.text()).not.toContain('revealed')
    reveal('revealed')
    await done
    expect(target.text()).toContain('revealed')
    // Piped straight to the response, the shell alone is several 4 KB writes.
    expect(target.writes).toHaveLength(2)
    expect(target.ended).toBe(true)
  })
})
