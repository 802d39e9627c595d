/**
 * Floor plans (docs/product.md#floor-plans): halls and the booths drawn on them, the rules the
 * console's forms, the plan drawing and the platform share. Zod-free. Lengths are whole decimetres on
 * the hall's grid (people type metres, "3.5"), so fitting and overlapping are integer arithmetic.
 */

/** Shell scheme (walls and fascia built), space only (bare floor), corner (open on two sides), island (open on four). */
export const BOOTH_TYPES = ['shell', 'space', 'corner', 'island'] as const
export type BoothType = (typeof BOOTH_TYPES)[number]

/** A booth as its order's screens, mails and invoice name it. */
export interface BoothLabel {
  number: string
  hall: string
  type: BoothType
  /** Width and depth in metres. */
  widthM: number
  depthM: number
}

/**
 * A booth is sold the way a seat is: `held` while an order of kind booth waits for its payment (the
 * checkout's), `sold` once it belongs to an exhibitor (paid, or assigned by the organiser), `blocked`
 * when the organiser keeps it off sale (a pillar, a sponsor's lounge).
 */
export const BOOTH_STATES = ['available', 'held', 'sold', 'blocked'] as const
export type BoothState = (typeof BOOTH_STATES)[number]

/** What a visitor is told of a booth: free, taken (held or sold) or not for sale. */
export const PUBLIC_BOOTH_STATES = ['free', 'taken', 'blocked'] as const
export type PublicBoothState = (typeof PUBLIC_BOOTH_STATES)[number]

export function publicStateOf(state: BoothState): PublicBoothState {
  return state === 'available' ? 'free' : state === 'blocked' ? 'blocked' : 'taken'
}

export const FLOOR_PLAN_LIMITS = {
  label: 60,
  /** A hall's and a booth's side, in decimetres (1 m to 1 km). */
  sideMinDm: 10,
  sideMaxDm: 10_000,
  halls: 12,
  /** Booths of one hall: what a plan drawing stays light with (docs/product.md#floor-plans). */
  boothsPerHall: 600,
  /** The schema's bound on a booth's price in minor units (0260_floor_plans.sql). */
  priceMinorMax: 100_000_000_000,
  /** Exhibitor passes one booth's package may include (0340_booth_passes.sql). */
  passesIncludedMax: 50,
} as const

/** B12, A-101, 7: letters and digits, a dash inside, at most 8 characters. */
export const BOOTH_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,7}$/

/** A booth's number as typed ("b12", "Ｂ１２") in the form the plan stores and links name. */
export const normaliseBoothNumber = (typed: string) => typed.normalize('NFKC').trim().toUpperCase()

/**
 * Metres as typed ("3", "3.5", "3,5", "３．５") in decimetres; null for anything else (more than one
 * decimal, a sign, a unit). Decimetres are the grid: a plan is drawn to the nearest 10 cm.
 */
export function parseMetres(typed: string): number | null {
  const text = typed.normalize('NFKC').trim().replace(',', '.')
  if (!/^\d{1,4}(\.\d)?$/.test(text)) return null
  return Math.round(Number(text) * 10)
}

/** Decimetres as metres are typed back into the form: 35 → "3.5", 30 → "3". */
export const metresText = (dm: number) => (dm % 10 === 0 ? String(dm / 10) : (dm / 10).toFixed(1))

/** Square metres of a booth of w × h decimetres. */
export const areaOf = (booth: { w: number; h: number }) => (booth.w * booth.h) / 100

export interface Rect {
  x: number
  y: number
  w: number
  h: number
}

/** Two booths overlap when they share floor; touching along an edge is how booths stand in a row. */
export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

/**
 * Where a booth would stand wrongly on its hall: outside it (`x` across, `y` deep) or on another
 * booth's floor (`x`). Null when it fits.
 */
export function placementProblem(booth: Rect, hall: { width: number; depth: number }, others: readonly Rect[]): { field: 'x' | 'y'; code: string } | null {
  if (booth.x + booth.w > hall.width) return { field: 'x', code: 'console:errors.boothOutsideWidth' }
  if (booth.y + booth.h > hall.depth) return { field: 'y', code: 'console:errors.boothOutsideDepth' }
  return others.some((other) => overlaps(booth, other)) ? { field: 'x', code: 'console:errors.boothOverlap' } : null
}

/** The smallest hall that still holds its booths: a hall shrinks only down to this. */
export function extentOf(booths: readonly Rect[]): { width: number; depth: number } {
  return {
    width: Math.max(0, ...booths.map((booth) => booth.x + booth.w)),
    depth: Math.max(0, ...booths.map((booth) => booth.y + booth.h)),
  }
}

/** The query parameter of a directory link that highlights one booth (`?booth=B12`). */
export const BOOTH_QUERY = 'booth'
