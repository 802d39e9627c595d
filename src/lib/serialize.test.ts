import { describe, expect, it } from 'vitest'
import { serializeForScript } from './serialize.ts'

describe('serializeForScript', () => {
  it('when a value holds markup that could close the script element, then no < > & survive raw', () => {
    const hostile = { text: '</script><script>alert(1)</script><!-- & -->', line: '\u2028\u2029' }
    const out = serializeForScript(hostile)
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(out)).toEqual(hostile)
  })

  it('when the value is plain, then it round-trips unchanged', () => {
    const value = { a: 1, b: ['x', null, true], c: { d: 'é中文' } }
    expect(JSON.parse(serializeForScript(value))).toEqual(value)
  })

  it('when every unsafe character appears repeatedly, then each becomes its \\u escape and nothing else changes', () => {
    expect(serializeForScript('a<b>c&d\u2028e\u2029f<<')).toBe('"a\\u003cb\\u003ec\\u0026d\\u2028e\\u2029f\\u003c\\u003c"')
  })
})
