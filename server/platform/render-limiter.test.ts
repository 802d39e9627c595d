import { describe, expect, it } from 'vitest'
import { createRenderLimiter, LimiterBusy } from './render-limiter.ts'

/** A task that ends when the test says so, and records that it started. */
function gate(started: string[], name: string) {
  let open = () => {}
  const done = new Promise<void>((resolve) => {
    open = resolve
  })
  const task = () => {
    started.push(name)
    return done.then(() => name)
  }
  return { task, open }
}

describe('render limiter', () => {
  it('when more tasks come than slots and queue hold, then the extra ones are refused and the queued ones run in turn', async () => {
    const run = createRenderLimiter(2, 1)
    const started: string[] = []
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(started, name)) as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ]
    const first = run(a.task)
    const second = run(b.task)
    const third = run(c.task)
    await expect(run(d.task)).rejects.toBeInstanceOf(LimiterBusy)
    await Promise.resolve()
    expect(started).toEqual(['a', 'b'])
    a.open()
    await expect(first).resolves.toBe('a')
    await expect.poll(() => started).toEqual(['a', 'b', 'c'])
    b.open()
    c.open()
    await expect(Promise.all([second, third])).resolves.toEqual(['b', 'c'])
  })

  it('when a task fails, then its slot is given back', async () => {
    const run = createRenderLimiter(1, 0)
    await expect(run(() => Promise.reject(new Error('broken cover')))).rejects.toThrow('broken cover')
    await expect(run(() => Promise.resolve('next'))).resolves.toBe('next')
  })
})
