import { describe, expect, it } from 'vitest'
import { safeText, toCsv } from './csv.ts'

describe('toCsv', () => {
  it('when rows are written, then the file starts with a BOM and every line ends with CRLF', () => {
    const text = toCsv(['a', 'b'], [['x', 1]]).toString('utf8')
    expect(text).toBe('\uFEFFa,b\r\nx,1\r\n')
  })

  it('when a cell holds quotes, commas or line breaks, then it is quoted with doubled quotes (RFC 4180)', () => {
    const text = toCsv(['a'], [['say "hi", then\nleave']]).toString('utf8')
    expect(text).toBe('\uFEFFa\r\n"say ""hi"", then\nleave"\r\n')
  })

  it('when a text cell could start a formula, then it is prefixed with an apostrophe; numbers are not', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) expect(safeText(`${start}1`)).toBe(`'${start}1`)
    for (const value of ['Acme', '1+1', 'a=b', '']) expect(safeText(value)).toBe(value)
    expect(toCsv(['a', 'b'], [['=HYPERLINK("http://x","y")', -5]]).toString('utf8')).toBe('\uFEFFa,b\r\n"\'=HYPERLINK(""http://x"",""y"")",-5\r\n')
  })

  it('when names are not Latin, then they stay as written', () => {
    expect(toCsv(['name'], [['陈美 สมชาย']]).toString('utf8')).toContain('陈美 สมชาย')
  })
})
