/**
 * Badges (docs/product.md#badges): the role a badge and the door show, its colours, and the badge
 * stocks. Zod-free: the badge PDF, the door and the console's forms share this one table.
 */

export const BADGE_ROLES = ['visitor', 'exhibitor', 'speaker', 'press', 'staff', 'vip'] as const
export type BadgeRole = (typeof BADGE_ROLES)[number]

/**
 * One palette for print and screen: each band's word is set in `text` on `band` with a contrast of
 * at least 4.5:1 (badges.test.ts measures it), and the word is always printed, so no role is told by
 * colour alone.
 */
export const BADGE_COLOURS: Record<BadgeRole, { band: string; text: string }> = {
  visitor: { band: '#1d4ed8', text: '#ffffff' },
  exhibitor: { band: '#047857', text: '#ffffff' },
  speaker: { band: '#6d28d9', text: '#ffffff' },
  press: { band: '#b91c1c', text: '#ffffff' },
  staff: { band: '#1f2937', text: '#ffffff' },
  vip: { band: '#fbbf24', text: '#1f2937' },
}

/** A ticket's role: an exhibitor's team pass is always "exhibitor", whatever its type says. */
export function badgeRoleOf(role: string | null | undefined, exhibitorPass: boolean): BadgeRole {
  if (exhibitorPass) return 'exhibitor'
  return (BADGE_ROLES as readonly string[]).includes(role ?? '') ? (role as BadgeRole) : 'visitor'
}

/** Badge stocks: A6 (105 × 148 mm) and the CR80 card (85.6 × 54 mm, landscape), in millimetres. */
export const BADGE_STOCKS = { a6: { width: 105, height: 148 }, cr80: { width: 85.6, height: 54 } } as const
export type BadgeStock = keyof typeof BADGE_STOCKS
export const BADGE_STOCK_NAMES = Object.keys(BADGE_STOCKS) as BadgeStock[]

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * Where the console downloads badges as a PDF (POST, JSON body): a file streamed page by page, so not
 * a gateway function with its JSON envelope. The console gateway's checks apply (docs/product.md#badges).
 */
export const BADGES_PATH = '/gateway/console/badges'

/** The file's name: one ticket's badge, or an exhibition's (of one ticket type). */
export function badgeFileName(request: { exhibitionId: number; ticketTypeId?: number | undefined; ticketId?: string | undefined; stock: BadgeStock }): string {
  if (request.ticketId) return `badge-${request.ticketId.slice(0, 8)}-${request.stock}.pdf`
  return `badges-${request.exhibitionId}${request.ticketTypeId ? `-type-${request.ticketTypeId}` : ''}-${request.stock}.pdf`
}

/**
 * A QR code's dark modules as one SVG path, each row's runs merged into rectangles: the e-ticket and
 * badge PDFs and the door's printed badge draw the same code the same way (the caller makes the matrix
 * with the `qrcode` package, error correction M).
 */
export function qrModulesPath(modules: { size: number; get(row: number, column: number): number | boolean }): string {
  const parts: string[] = []
  for (let row = 0; row < modules.size; row++) {
    let column = 0
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < modules.size && modules.get(row, column)) column++
      parts.push(`M${start} ${row}h${column - start}v1h${start - column}z`)
    }
  }
  return parts.join('')
}
