import { describe, expect, it } from 'vitest'
import { answerNoSoonerThan } from './answer-floors.ts'

describe('answerNoSoonerThan', () => {
  it('when the work was quick, then it waits for the rest of the floor, never less', async () => {
    for (let run = 0; run < 5; run++) {
      const started = performance.now()
      await answerNoSoonerThan(started, 15)
      expect(performance.now() - started).toBeGreaterThanOrEqual(15)
    }
  })

  it('when the work took longer than the floor, then it answers at once, before any timer', async () => {
    const started = performance.now() - 100
    const first = await Promise.race([
      answerNoSoonerThan(started, 60).then(() => 'answered'),
      new Promise((resolve) => setImmediate(() => resolve('a timer ran first'))),
    ])
    expect(first).toBe('answered')
  })
})
