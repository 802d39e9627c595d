import { useEffect, useLayoutEffect, useRef } from 'react'
import { ScrollRestoration, useLocation, useNavigationType } from 'react-router'

// useLayoutEffect warns during server rendering; scrolling only happens in the browser anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** How long a restored position waits for the page to grow tall enough to reach it. */
const SETTLE_MS = 4000
/** What the visitor does that ends the wait: from then on the position is theirs. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/**
 * Issue 20: a new page opens at the top (or at its #hash), Back and Forward return to where the
 * visitor was. React Router's <ScrollRestoration> does both (keyed by history entry, honouring
 * `preventScrollReset`); it restores right after the page renders, when blocks that fill in later
 * (images decoding, lists loading in the browser) may not have their height yet, so the browser
 * clamps the position (1800 came back as 1420). This keeps aiming at the position until the page
 * is tall enough, the visitor takes over, or a few seconds pass.
 */
export function ScrollMemory() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef(new Map<string, number>())
  const currentKey = useRef(location.key)

  useEffect(() => {
    let frame = 0
    const record = () => {
      frame = 0
      positions.current.set(currentKey.current, window.scrollY)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(record)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [])

  // Runs after <ScrollRestoration>'s own layout effect (a child effect runs first), so it only
  // takes over when that restore fell short.
  useBrowserLayoutEffect(() => {
    currentKey.current = location.key
    if (navigationType !== 'POP') return
    const target = positions.current.get(location.key)
    if (target === undefined || Math.abs(window.scrollY - target) <= 1) return
    return settleAt(target)
  }, [location.key])

  return <ScrollRestoration />
}

function settleAt(target: number): () => void {
  const started = performance.now()
  const observer = new ResizeObserver(() => {
    if (performance.now() - started > SETTLE_MS) return stop()
    window.scrollTo(0, target)
    if (Math.abs(window.scrollY - target) <= 1) stop()
  })
  function stop() {
    observer.disconnect()
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop)
  }
  observer.observe(document.body)
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true })
  return stop
}
