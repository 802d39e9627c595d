import type { PlanBoothShape, PlanHallShape } from './floor-plan.tsx'

/**
 * A hall of `count` booths of 3 × 3 m in rows of 25, every one sold and linked under a long name: the
 * heaviest plan the directory draws, for the size test and the bench.
 */
export function largeHall(count: number): { hall: PlanHallShape; booths: PlanBoothShape[] } {
  const rows = Math.ceil(count / 25)
  const booths: PlanBoothShape[] = Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / 25)
    const number = `${String.fromCharCode(65 + (row % 26))}${row >= 26 ? Math.floor(row / 26) : ''}-${(index % 25) + 1}`
    return {
      number,
      x: 30 + (index % 25) * 30,
      y: 30 + row * 45,
      w: 30,
      h: 30,
      state: 'taken',
      label: `Booth ${number}: Exhibitor Company Number ${index} Ltd`,
      href: `/zh-cn/backDetail/1234/exhibitors/exhibitor-company-${index}`,
    }
  })
  return { hall: { width: 810, depth: 30 + rows * 45, background: null }, booths }
}
