import type { Response } from 'express'
import { describe, expect, it } from 'vitest'
import { allowStreamScripts } from './security.ts'

function answerWith(policy: string) {
  const headers = new Map<string, string>([['Content-Security-Policy', policy]])
  const res = { getHeader: (name: string) => headers.get(name), setHeader: (name: string, value: string) => headers.set(name, value) }
  return { res: res as unknown as Response, policy: () => headers.get('Content-Security-Policy') }
}

describe('allowStreamScripts', () => {
  it('when a page streams, then its script-src allows a nonce of its own and everything else stays as it was', () => {
    const first = answerWith("default-src 'self';script-src 'self';style-src 'self'")
    const nonce = allowStreamScripts(first.res)
    expect(first.policy()).toBe(`default-src 'self';script-src 'nonce-${nonce}' 'self';style-src 'self'`)
    const second = answerWith("default-src 'self';script-src 'self'")
    expect(allowStreamScripts(second.res)).not.toBe(nonce)
  })

  it('when inline scripts are allowed already (development), then no nonce turns that off for Vite', () => {
    const development = answerWith("default-src 'self';script-src 'self' 'unsafe-inline'")
    allowStreamScripts(development.res)
    expect(development.policy()).toBe("default-src 'self';script-src 'self' 'unsafe-inline'")
  })
})
