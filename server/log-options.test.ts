import { describe, expect, it } from 'vitest'
import { loggerOptions } from './log-options.ts'

describe('loggerOptions', () => {
  it('when the site runs in production or in tests, then pino-pretty is never looked for', () => {
    const asked: string[] = []
    const resolve = (name: string) => {
      asked.push(name)
      return `/modules/${name}/index.js`
    }
    for (const NODE_ENV of ['production', 'test']) {
      expect(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV }, resolve)).toEqual({ options: { level: 'info' }, notice: null })
    }
    expect(asked).toEqual([])
  })

  it('when development has pino-pretty installed, then the logs go through it', () => {
    const result = loggerOptions({ LOG_LEVEL: 'debug', NODE_ENV: 'development' }, () => '/modules/pino-pretty/index.js')
    expect(result).toEqual({ options: { level: 'debug', transport: { target: '/modules/pino-pretty/index.js' } }, notice: null })
  })

  it('when development lacks pino-pretty (a pruned install), then the logs stay JSON and the notice names the package', () => {
    const result = loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, () => null)
    expect(result.options).toEqual({ level: 'info' })
    expect(result.notice).toMatch(/pino-pretty.*not installed/)
  })

  it('when nothing is injected, then the installed pino-pretty is found (it is a dev dependency here)', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }).options.transport).toEqual({ target: expect.stringContaining('pino-pretty') })
  })
})
