import { pageFiles } from '../offline-files.ts'
import { LEADS_WORKER, leadsScope } from './names.ts'

/**
 * The service worker that lets the lead scanner open without network (public/leads-sw.js), told which
 * files the page is made of so it keeps them with the page itself. The camera's reader is among them
 * although the camera has not been started yet: a member may first start it at a booth without network.
 */
export async function keepScannerOffline(lang: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return
  await navigator.serviceWorker.register(LEADS_WORKER, { scope: leadsScope(lang) })
  const registration = await navigator.serviceWorker.ready
  const { scannerFiles } = await import('../qr-detector.ts')
  const scanner = await scannerFiles()
  registration.active?.postMessage({ type: 'keep', urls: [`${location.pathname}${location.search}`, ...pageFiles(scanner)] })
}
