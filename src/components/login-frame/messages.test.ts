import { describe, expect, it } from 'vitest'
import { isFromLoginFrame, openNewTarget, parseFrameMessage } from './messages.ts'

describe('parseFrameMessage (docs/product.md#login frame protocol)', () => {
  it('when the three messages of the protocol arrive, then each is understood', () => {
    expect(parseFrameMessage({ type: 'reload', cookie: 't.abc_DEF-123' })).toEqual({ type: 'reload', cookie: 't.abc_DEF-123' })
    expect(parseFrameMessage({ type: 'close' })).toEqual({ type: 'close' })
    expect(parseFrameMessage({ type: 'opennew', url: 'https://example.com/?from=##' })).toEqual({ type: 'opennew', url: 'https://example.com/?from=##' })
  })

  it('when a message has the wrong shape, then it is ignored', () => {
    for (const data of [
      null,
      undefined,
      'reload',
      42,
      [],
      ['reload'],
      {},
      { type: 'RELOAD', cookie: 'x' },
      { type: 'reload' },
      { type: 'reload', cookie: 12 },
      { type: 'reload', cookie: '' },
      { type: 'reload', cookie: 'has space' },
      { type: 'reload', cookie: '<script>' },
      { type: 'reload', cookie: 'x'.repeat(301) },
      { type: 'opennew' },
      { type: 'opennew', url: { href: 'x' } },
      { type: 'opennew', url: `https://a.example/${'x'.repeat(2000)}` },
      { type: 'logout' },
    ]) {
      expect(parseFrameMessage(data)).toBeNull()
    }
  })
})

describe('openNewTarget', () => {
  const here = 'https://expo.example/en/backDetail/3?tab=agenda#venue'
  it('when the url holds ##, then every ## becomes the current address, encoded', () => {
    expect(openNewTarget('https://login.example/login?return=##', here)).toBe(`https://login.example/login?return=${encodeURIComponent(here)}`)
    expect(openNewTarget('/x?a=##&b=##', here)).toBe(`https://expo.example/x?a=${encodeURIComponent(here)}&b=${encodeURIComponent(here)}`)
  })

  it('when the url is not http(s), then it is not followed', () => {
    expect(openNewTarget('javascript:alert(1)', here)).toBeNull()
    expect(openNewTarget('JaVaScRiPt:alert(1)//##', here)).toBeNull()
    expect(openNewTarget('data:text/html,<script>alert(1)</script>', here)).toBeNull()
    expect(openNewTarget('http://[bad', here)).toBeNull()
  })
})

describe('isFromLoginFrame', () => {
  const frame = {} as Window
  it('when the origin or the source differ, then the message is not from the frame', () => {
    expect(isFromLoginFrame({ origin: 'https://login.example', source: frame }, 'https://login.example', frame)).toBe(true)
    expect(isFromLoginFrame({ origin: 'https://evil.example', source: frame }, 'https://login.example', frame)).toBe(false)
    expect(isFromLoginFrame({ origin: 'https://login.example', source: {} as Window }, 'https://login.example', frame)).toBe(false)
    expect(isFromLoginFrame({ origin: 'https://login.example', source: null }, 'https://login.example', null)).toBe(false)
  })
})
