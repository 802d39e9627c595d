import { createServer } from 'node:net'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { connectRedis, REDIS_TIMEOUTS } from './redis.ts'

/** A port where nothing listens: taken, then let go. */
async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address ? address.port : 1
}

describe('connectRedis', () => {
  it('when nothing answers, then it returns within the connect timeout, logs once that limits count in memory, and keeps trying', async () => {
    const lines: Array<{ level: number; msg: string }> = []
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    const started = performance.now()
    const redis = await connectRedis(`redis://user:secret@127.0.0.1:${await deadPort()}`, logger)
    try {
      expect(performance.now() - started).toBeLessThan(REDIS_TIMEOUTS.connectMs + 500)
      expect(redis.status).not.toBe('ready')
      await expect(redis.ping()).rejects.toThrow()
      await new Promise((resolve) => setTimeout(resolve, 600))
      const warnings = lines.filter((line) => line.level === 40)
      expect(warnings.map((line) => line.msg)).toEqual(['redis unavailable: rate limits count in this instance’s memory until it returns'])
      expect(JSON.stringify(lines)).not.toContain('secret')
      expect(['connecting', 'reconnecting']).toContain(redis.status)
    } finally {
      redis.disconnect()
    }
  })
})
