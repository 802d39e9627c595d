import { describe, expect, it } from 'vitest'
import { exportSlots } from './export-slots.ts'

const open = () => new AbortController().signal

function gate() {
  let open = () => {}
  const shut = new Promise<void>((resolve) => {
    open = resolve
  })
  return { shut, open }
}

describe('export slots', () => {
  it('when more exports come than run at once, then the next wait in order and the one beyond the queue is turned away', async () => {
    const slots = exportSlots({ running: 1, waiting: 2 })
    const order: string[] = []
    const first = gate()
    const a = slots.run(async () => {
      order.push('a')
      await first.shut
    }, open())
    const b = slots.run(async () => {
      order.push('b')
    }, open())
    const c = slots.run(async () => {
      order.push('c')
    }, open())
    expect(
      await slots.run(async () => {
        order.push('d')
      }, open()),
    ).toBe(false)
    expect([slots.running, slots.waiting]).toEqual([1, 2])
    first.open()
    expect(await Promise.all([a, b, c])).toEqual([true, true, true])
    expect(order).toEqual(['a', 'b', 'c'])
    expect([slots.running, slots.waiting]).toEqual([0, 0])
  })

  it('when a waiting member leaves, then their place is given up and the next in line still runs', async () => {
    const slots = exportSlots({ running: 1, waiting: 2 })
    const first = gate()
    const a = slots.run(() => first.shut, open())
    const leaving = new AbortController()
    const b = slots.run(async () => {
      throw new Error('must not run')
    }, leaving.signal)
    let ranC = false
    const c = slots.run(async () => {
      ranC = true
    }, open())
    leaving.abort()
    expect(await b).toBe(false)
    expect(slots.waiting).toBe(1)
    first.open()
    await Promise.all([a, c])
    expect(ranC).toBe(true)
  })

  it('when an export fails, then its slot is freed all the same', async () => {
    const slots = exportSlots({ running: 1, waiting: 0 })
    await expect(slots.run(() => Promise.reject(new Error('database away')), open())).rejects.toThrow('database away')
    expect(await slots.run(async () => {}, open())).toBe(true)
  })
})
