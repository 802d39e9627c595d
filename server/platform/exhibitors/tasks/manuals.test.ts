import { describe, expect, it } from 'vitest'
import { contentDisposition, safeFileName } from './manuals.ts'

describe('the manual download’s file name', () => {
  it('when the uploaded name has quotes, slashes, controls or another script, then the header stays one safe value', () => {
    expect(safeFileName('Manual "2027"/../x.pdf')).toBe('Manual-2027-.-x.pdf')
    expect(safeFileName('参展商手册.PDF')).toBe('manual.pdf')
    const header = contentDisposition('手册 "a";\r\nSet-Cookie: x=1\\..pdf')
    expect(header).toMatch(/^inline; filename="[A-Za-z0-9._-]+\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/)
    expect(header).not.toMatch(/[\r\n]/)
  })
})
