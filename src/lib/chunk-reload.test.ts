import { describe, expect, it } from 'vitest'
import { isChunkLoadFailure, shouldReload } from './chunk-reload.ts'

describe('chunk-load failure reload (docs/product.md#chunk-reload)', () => {
  it('when no reload happened yet, then reload', () => {
    expect(shouldReload(null, 1_000)).toBe(true)
  })
  it('when the last reload was under 60 s ago, then not again', () => {
    expect(shouldReload(1_000, 60_999)).toBe(false)
  })
  it('when 60 s have passed, then reload again', () => {
    expect(shouldReload(1_000, 61_000)).toBe(true)
  })
  it('recognises the browsers’ chunk-load messages, and only those', () => {
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadFailure(new Error('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})
