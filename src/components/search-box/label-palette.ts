/**
 * Label colours come from data, and the CSP forbids style attributes: each colour maps to the
 * nearest of a fixed palette of classes (search-box.module.css), every one with white text at AA
 * contrast. The platform's labels use exactly these colours; anything else lands on its nearest.
 */
export const PALETTE = {
  green: '#15803d',
  blue: '#1d4ed8',
  amber: '#b45309',
  red: '#b91c1c',
  grey: '#4b5563',
  purple: '#6d28d9',
} as const

export type Tone = keyof typeof PALETTE

const rgb = (hex: string): [number, number, number] | null => {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  return match ? [Number.parseInt(match[1] as string, 16), Number.parseInt(match[2] as string, 16), Number.parseInt(match[3] as string, 16)] : null
}

export function toneOf(color: string): Tone {
  const wanted = rgb(color)
  if (!wanted) return 'grey'
  let best: Tone = 'grey'
  let bestDistance = Number.POSITIVE_INFINITY
  for (const [tone, hex] of Object.entries(PALETTE) as Array<[Tone, string]>) {
    const [r, g, b] = rgb(hex) as [number, number, number]
    // Weighted for the eye (red 2, green 4, blue 3), good enough to pick among six far-apart colours.
    const distance = 2 * (r - wanted[0]) ** 2 + 4 * (g - wanted[1]) ** 2 + 3 * (b - wanted[2]) ** 2
    if (distance < bestDistance) {
      best = tone
      bestDistance = distance
    }
  }
  return best
}
