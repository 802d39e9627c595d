/** docs/product.md#breakpoints by width: pc >= 1200, lg >= 1000, md >= 800, sm below; mobile mode under 800. */
export const BREAKPOINTS = { pc: 1200, lg: 1000, md: 800 } as const
export type Breakpoint = 'pc' | 'lg' | 'md' | 'sm'

export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.pc) return 'pc'
  if (width >= BREAKPOINTS.lg) return 'lg'
  if (width >= BREAKPOINTS.md) return 'md'
  return 'sm'
}

export const isMobileWidth = (width: number) => width < BREAKPOINTS.md

/** docs/product.md#breakpoints: nav item spacing 28 px on pc, 20 px otherwise; header at most 1200 wide. */
export const navSpacing = (breakpoint: Breakpoint) => (breakpoint === 'pc' ? 28 : 20)
export const HEADER_MAX_WIDTH = 1200
