import type { BadgeStock } from '../../../../shared/rules/badges.ts'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../../../shared/rules/console-access.ts'
import { KIOSK_COOKIE } from '../../lib/kiosk.ts'
import type { DoorChoice } from './door-setup.tsx'

/**
 * What the kiosk's lock (src/console/lib/kiosk.ts) holds: the exhibition, gate and badge stock the
 * kiosk serves and the language it greets in; nothing personal.
 */
export interface KioskChoice {
  exhibitionId: number
  gate: string
  stock: BadgeStock
  language: ConsoleLanguage
}

const YEAR_SECONDS = 31_536_000

/** The kiosk this browser is locked to; null when it is not. */
export function lockedKiosk(): KioskChoice | null {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KIOSK_COOKIE}=`))
    ?.slice(KIOSK_COOKIE.length + 1)
  if (!value) return null
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<KioskChoice>
    if (!Number.isInteger(parsed.exhibitionId) || typeof parsed.gate !== 'string' || !parsed.gate) return null
    const language = (CONSOLE_LANGUAGES as readonly string[]).includes(parsed.language ?? '') ? (parsed.language as ConsoleLanguage) : 'en'
    return { exhibitionId: parsed.exhibitionId as number, gate: parsed.gate, stock: parsed.stock === 'cr80' ? 'cr80' : 'a6', language }
  } catch {
    return null
  }
}

/** Locks the browser to a kiosk for the door it was set up as. */
export function lockKiosk(door: DoorChoice, language: ConsoleLanguage): KioskChoice {
  const choice: KioskChoice = { exhibitionId: door.exhibitionId, gate: door.gate, stock: door.stock ?? 'a6', language }
  document.cookie = `${KIOSK_COOKIE}=${encodeURIComponent(JSON.stringify(choice))}; path=/console; max-age=${YEAR_SECONDS}; samesite=strict`
  return choice
}

export function unlockKiosk(): void {
  document.cookie = `${KIOSK_COOKIE}=; path=/console; max-age=0; samesite=strict`
}
