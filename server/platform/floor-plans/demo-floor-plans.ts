import type { BoothType } from '../../../shared/rules/floor-plans.ts'
import type { Queryable } from '../../db/client.ts'
import * as repo from './floor-plans.repo.ts'

/**
 * Demo floor plans (docs/product.md#floor-plans) for the demo's coming exhibitions: halls of rows of
 * 3 × 3 m booths standing back to back, aisles of 3 m between the rows and one of 4 m across the hall,
 * corner booths at the ends of each row; a few booths sold to the exhibition's demo exhibitors.
 */

interface DemoHall {
  label: string
  /** Pairs of rows standing back to back. */
  blocks: number
  /** Booths in one row on each side of the cross aisle. */
  perSide: number
}

const DEMO_PLANS: ReadonlyArray<{ exhibition: string; halls: DemoHall[]; sold: number }> = [
  {
    exhibition: 'london-2027',
    halls: [
      { label: 'A', blocks: 3, perSide: 5 },
      { label: 'B', blocks: 5, perSide: 10 },
    ],
    sold: 8,
  },
  { exhibition: 'bangkok-2027', halls: [{ label: '1', blocks: 5, perSide: 10 }], sold: 8 },
  { exhibition: 'manila-2027', halls: [{ label: '1', blocks: 3, perSide: 5 }], sold: 6 },
]

const BOOTH = 30
const AISLE = 30
const CROSS_AISLE = 40
const MARGIN = 30
/** US dollars a square metre, in cents: shell scheme, space only; corners cost a tenth more. */
const PRICE_PER_M2 = { shell: 30_000, space: 22_000 } as const
const ROW_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

/**
 * A hall's booths: rows lettered front to back (from `firstRow`, so that numbers stay unique across an
 * exhibition's halls), numbered left to right, a corner at each end of a row on each side of the cross aisle.
 */
export function demoHallLayout(hall: DemoHall, firstRow: number): { width: number; depth: number; booths: Array<Omit<repo.BoothFields, 'hallId'>> } {
  const width = 2 * MARGIN + 2 * hall.perSide * BOOTH + CROSS_AISLE
  const depth = 2 * MARGIN + hall.blocks * 2 * BOOTH + (hall.blocks - 1) * AISLE
  const booths: Array<Omit<repo.BoothFields, 'hallId'>> = []
  for (let row = 0; row < hall.blocks * 2; row++) {
    const y = MARGIN + Math.floor(row / 2) * (2 * BOOTH + AISLE) + (row % 2) * BOOTH
    for (let column = 0; column < hall.perSide * 2; column++) {
      const x = MARGIN + column * BOOTH + (column < hall.perSide ? 0 : CROSS_AISLE)
      const atEnd = column % hall.perSide === 0 || column % hall.perSide === hall.perSide - 1
      // Space-only booths in the back rows, where builders' stands go up.
      const type: BoothType = atEnd ? 'corner' : row >= hall.blocks * 2 - 2 ? 'space' : 'shell'
      const perM2 = type === 'space' ? PRICE_PER_M2.space : PRICE_PER_M2.shell
      booths.push({
        number: `${ROW_LETTERS[firstRow + row]}${column + 1}`,
        x,
        y,
        w: BOOTH,
        h: BOOTH,
        type,
        priceMinor: Math.round(((BOOTH * BOOTH) / 100) * perM2 * (type === 'corner' ? 1.1 : 1)),
        currency: 'USD',
        // A package's team: two passes with a shell or space booth, three with a corner's extra frontage.
        passesIncluded: type === 'corner' ? 3 : 2,
        leadCapture: true,
      })
    }
  }
  return { width, depth, booths }
}

/**
 * Writes the demo plans in the seed's transaction (server/platform/seed.ts marks the booths as demo):
 * a few booths spread over the plan sold to the exhibition's first demo exhibitors, two kept off
 * sale. An exhibition that is not there, or that has a plan already, is passed over.
 */
export async function seedDemoFloorPlans(tx: Queryable): Promise<void> {
  for (const plan of DEMO_PLANS) {
    const exhibitionId = await repo.exhibitionIdBySlug(tx, plan.exhibition)
    if (exhibitionId === null || (await repo.planCurrency(tx, exhibitionId)) !== null) continue
    await repo.lockPlan(tx, exhibitionId, 'USD')
    const exhibitors = (await repo.exhibitorsAt(tx, exhibitionId, ['en'])).slice(0, plan.sold)
    const total = plan.halls.reduce((sum, hall) => sum + hall.blocks * 2 * hall.perSide * 2, 0)
    // One less than an even share, so the sold booths fall along the rows rather than at their ends.
    const step = Math.floor(total / (exhibitors.length + 1)) - 1
    let index = 0
    let firstRow = 0
    for (const [sort, hall] of plan.halls.entries()) {
      const layout = demoHallLayout(hall, firstRow)
      firstRow += hall.blocks * 2
      const hallId = await repo.insertHall(tx, exhibitionId, { label: hall.label, width: layout.width, depth: layout.depth, backgroundMediaId: null, sort })
      for (const booth of layout.booths) {
        const exhibitor = index > 0 && index % step === 0 ? exhibitors[index / step - 1] : undefined
        const blocked = index === 1 || index === total - 2
        await repo.insertBooth(tx, exhibitionId, { ...booth, hallId }, exhibitor ? 'sold' : blocked ? 'blocked' : 'available', exhibitor?.id ?? null)
        index++
      }
    }
  }
}
