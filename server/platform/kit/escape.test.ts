import { describe, expect, it } from 'vitest'
import { escapeHtml } from './escape.ts'

describe('escapeHtml', () => {
  it('when text holds markup, quotes or ampersands, then each is an entity and nothing else changes', () => {
    expect(escapeHtml(`<a href="x">O'Hara & 王小明</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;O&#39;Hara &amp; 王小明&lt;/a&gt;')
    expect(escapeHtml('plain ไทย')).toBe('plain ไทย')
  })
})
