import { matchRoutes, type RouteObject } from 'react-router'

interface NetworkInformationLike {
  saveData?: boolean
  effectiveType?: string
}

/** docs/product.md#limits: no prefetch on 2G, with the save-data flag, or offline. */
export function shouldPrefetch(connection: NetworkInformationLike | undefined, online: boolean): boolean {
  if (!online) return false
  if (connection?.saveData) return false
  if (connection?.effectiveType && /(^|-)2g$/.test(connection.effectiveType)) return false
  return true
}

function internalPath(anchor: HTMLAnchorElement): string | null {
  if (anchor.target && anchor.target !== '_self') return null
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return null
  if (anchor.pathname === window.location.pathname) return null
  return anchor.pathname
}

/**
 * Fetches the code and translations of linked pages before they are clicked: on hover or focus, and
 * for links that scroll into view while the browser is idle. Data is not prefetched (it may change,
 * and it would cost the platform for pages never opened).
 */
export function installPrefetch(routes: RouteObject[]): () => void {
  const done = new Set<string>()
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection
  const prefetch = (path: string) => {
    if (done.has(path) || !shouldPrefetch(connection, navigator.onLine)) return
    done.add(path)
    for (const match of matchRoutes(routes, path) ?? []) {
      const lazy = match.route.lazy
      if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => done.delete(path))
    }
  }
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    const path = anchor ? internalPath(anchor) : null
    if (path) prefetch(path)
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
  document.addEventListener('touchstart', onIntent, { passive: true })

  let observer: IntersectionObserver | null = null
  const observeLinks = () => {
    observer?.disconnect()
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer?.unobserve(entry.target)
        const path = internalPath(entry.target as HTMLAnchorElement)
        if (path) (window.requestIdleCallback ?? setTimeout)(() => prefetch(path))
      }
    })
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')) observer.observe(anchor)
  }
  const idle = (window.requestIdleCallback ?? setTimeout)(observeLinks)
  return () => {
    document.removeEventListener('pointerover', onIntent)
    document.removeEventListener('focusin', onIntent)
    document.removeEventListener('touchstart', onIntent)
    observer?.disconnect()
    ;(window.cancelIdleCallback ?? clearTimeout)(idle as number)
  }
}
