import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installChunkReload, isChunkLoadFailure, RELOAD_GUARD_MS, shouldReload } from './chunk-reload.ts'

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

describe('chunk-load failure reload with storage off', () => {
  /** A page view: its own window, the tab's history entry (kept across reloads) and a reload that is only counted. */
  function pageView(history: { state: unknown }) {
    const reload = vi.fn()
    const window = Object.assign(new EventTarget(), {
      history: Object.assign(history, {
        replaceState(state: unknown) {
          history.state = state
        },
      }),
      location: { reload },
    })
    vi.stubGlobal('window', window)
    installChunkReload()
    const fail = () => {
      const event = new Event('vite:preloadError', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    return { reload, fail }
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') })
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('storage off')
      },
      setItem: () => {
        throw new Error('storage off')
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('when the code fails again right after the reload, then it is not reloaded again but left to the page', () => {
    const history = { state: { key: 'entry' } as unknown }
    const first = pageView(history)
    expect(first.fail()).toBe(true)
    expect(first.reload).toHaveBeenCalledTimes(1)
    expect(history.state).toMatchObject({ key: 'entry' })

    vi.advanceTimersByTime(5_000)
    const second = pageView(history)
    expect(second.fail()).toBe(false)
    expect(second.reload).not.toHaveBeenCalled()

    vi.advanceTimersByTime(RELOAD_GUARD_MS)
    const later = pageView(history)
    expect(later.fail()).toBe(true)
    expect(later.reload).toHaveBeenCalledTimes(1)
  })
})
