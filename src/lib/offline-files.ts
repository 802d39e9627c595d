/**
 * The files the page on screen is made of (its styles, scripts, icon, manifest and every build file
 * it has loaded since), as same-origin paths: a service worker registered after they were fetched
 * is told them, so that the page opens again without network. Shared by the door
 * (src/console/screens/checkin/device.ts) and the lead scanner (src/lib/leads-offline/worker.ts).
 */
export function pageFiles(extra: readonly string[] = []): string[] {
  const files = new Set<string>()
  const add = (url: string | null) => {
    if (!url) return
    const parsed = new URL(url, window.location.href)
    if (parsed.origin === window.location.origin) files.add(parsed.pathname)
  }
  for (const url of extra) add(url)
  for (const element of document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet], link[rel=modulepreload], link[rel=icon], link[rel=manifest]'))
    add(element.href)
  for (const element of document.querySelectorAll<HTMLScriptElement>('script[src]')) add(element.src)
  for (const entry of performance.getEntriesByType('resource')) if (new URL(entry.name).pathname.startsWith('/assets/')) add(entry.name)
  return [...files]
}
