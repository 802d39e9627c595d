import { useEffect, useLayoutEffect, useRef } from 'react'
import { type Location, ScrollRestoration, useLocation, useNavigationType } from 'react-router'

// useLayoutEffect warns during server rendering; scrolling only happens in the browser anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** How long a restored position is held while the page's blocks fill in. */
const SETTLE_MS = 4000
/** What the visitor does that ends the hold: from then on the position is theirs. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
/** Positions survive a reload of the document in the tab's session storage; the latest entries suffice. */
const STORAGE_KEY = 'scroll-positions'
const STORED_ENTRIES = 100

/**
 * The key a position is kept under. A document the browser loads (an address typed or opened, a
 * same-page `#section` link) is a history entry without React Router's state, so every such entry
 * has the key "default": restoring by it alone would send a contents link, or the next page opened
 * by address, to another page's position. The path and the hash tell those entries apart.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'hash'>): string {
  return location.key === 'default' || location.hash ? `${location.key}${location.pathname}${location.hash}` : location.key
}

/**
 * Whether the document was loaded by a reload or by Back and Forward: only then is a position kept
 * for its first render the visitor's. An address opened anew starts at the top, as browsers do.
 */
function documentReturned(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type === 'reload' || entry?.type === 'back_forward'
}

let firstRender = true

/**
 * A new page opens at the top (or at its #hash), Back and Forward return to where the
 * visitor was. React Router's <ScrollRestoration> does both (keyed by history entry, honouring
 * `preventScrollReset`), right after the page renders. Blocks that get their final height later
 * (a list loading in the browser, a placeholder replaced) then move the content: the browser clamps
 * a position the page is not yet tall enough for (1800 came back as 1420), or scroll anchoring
 * shifts it. So after Back and Forward the position is held whenever the page's height changes,
 * until the visitor scrolls, types or taps, or a few seconds pass.
 */
export function ScrollMemory() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef<Map<string, number> | null>(null)
  const key = scrollKey(location)
  const currentKey = useRef(key)

  useEffect(() => {
    let frame = 0
    const record = () => {
      frame = 0
      positions.current?.set(currentKey.current, window.scrollY)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(record)
    }
    const onPageHide = () => {
      // A scroll whose frame has not come yet (the page left right after it) is recorded here.
      record()
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions.current ?? [])].slice(-STORED_ENTRIES)))
      } catch {}
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onPageHide)
      cancelAnimationFrame(frame)
    }
  }, [])

  // Runs after <ScrollRestoration>'s own layout effect (a child's effects run first).
  useBrowserLayoutEffect(() => {
    positions.current ??= readStoredPositions()
    currentKey.current = key
    const opensDocument = firstRender
    firstRender = false
    if (navigationType !== 'POP' || (opensDocument && !documentReturned())) return
    const target = positions.current.get(key)
    if (target === undefined) return
    return holdAt(target)
  }, [key])

  return <ScrollRestoration getKey={scrollKey} />
}

function readStoredPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    if (Array.isArray(stored))
      return new Map(stored.filter((entry): entry is [string, number] => typeof entry?.[0] === 'string' && typeof entry[1] === 'number'))
  } catch {}
  return new Map()
}

function holdAt(target: number): () => void {
  const started = performance.now()
  const observer = new ResizeObserver(() => {
    if (performance.now() - started > SETTLE_MS) return stop()
    if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target)
  })
  function stop() {
    observer.disconnect()
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop)
  }
  observer.observe(document.body)
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true })
  return stop
}
