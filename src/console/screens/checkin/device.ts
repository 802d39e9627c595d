import { pageFiles } from '../../../lib/offline-files.ts'
import { DOOR_SCOPE, DOOR_WORKER } from '../../lib/door-storage.ts'
import type { DoorChoice } from './door-setup.tsx'

/** Not personal, so kept in localStorage and left at sign-out: which device this is, and its door. */
const DEVICE_KEY = 'door.device'
const CHOICE_KEY = 'door.choice'
const GATES_KEY = 'door.gates'

/** This device's id, made once: the server records it with each scan, and a second scan names it. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY)
  if (!id) {
    id = crypto.randomUUID()
    localStorage.setItem(DEVICE_KEY, id)
  }
  return id
}

export function storedChoice(): DoorChoice | null {
  try {
    const choice = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as DoorChoice | null
    if (!choice || !Number.isInteger(choice.exhibitionId) || typeof choice.gate !== 'string') return null
    return { exhibitionId: choice.exhibitionId, gate: choice.gate, stock: choice.stock === 'cr80' ? 'cr80' : 'a6' }
  } catch {
    return null
  }
}

export function storedGates(): string[] {
  try {
    const gates = JSON.parse(localStorage.getItem(GATES_KEY) ?? '[]') as unknown
    return Array.isArray(gates) ? gates.filter((gate): gate is string => typeof gate === 'string') : []
  } catch {
    return []
  }
}

export function storeChoice(choice: DoorChoice): void {
  localStorage.setItem(CHOICE_KEY, JSON.stringify(choice))
  localStorage.setItem(GATES_KEY, JSON.stringify([choice.gate, ...storedGates().filter((gate) => gate !== choice.gate)].slice(0, 10)))
}

/**
 * The service worker that lets this screen open without network (public/console-checkin-sw.js),
 * told which files this page is made of so it keeps them: the page itself is `no-store` and
 * its files were fetched before the worker was there. The scanner's files are among them although
 * the camera has not been started yet.
 */
export async function keepScreenOffline(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  await navigator.serviceWorker.register(DOOR_WORKER, { scope: DOOR_SCOPE })
  const registration = await navigator.serviceWorker.ready
  // The camera's code loads only when the camera starts, which may first happen at a door without network.
  const { scannerFiles } = await import('../../../lib/qr-detector.ts')
  const scanner = await scannerFiles()
  // So is the printed badge's view, which a door may first open without network (docs/product.md#badges).
  await import('./badge-print.tsx')
  registration.active?.postMessage({ type: 'keep', urls: pageFiles([window.location.pathname, ...scanner]) })
}
