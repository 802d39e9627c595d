import type { Queryable } from '../../db/client.ts'
import type { Locale } from '../../../shared/languages.ts'
import type { Domain } from '../platform.ts'
import { seedDemoFloorPlans } from './demo-floor-plans.ts'
import { registerFloorPlanFunctions } from './floor-plans.functions.ts'
import type { BoothLabel } from '../../../shared/rules/floor-plans.ts'
import { boothLabel, freeSoldBooth, releaseHeldBooths, sellHeldBooth } from './floor-plans.repo.ts'

/**
 * The booth steps of a booth order (docs/product.md#booth-checkout), taken by the tickets domain in
 * the order's own transaction so the booth's state never parts from its order's.
 */
export interface BoothsService {
  /** The booths of orders that ended unpaid are free again. */
  releaseHeld(tx: Queryable, boothIds: number[]): Promise<void>
  /** The paid order's booth is the exhibitor's, sold; its number and hall name the invoice line. */
  sellHeld(tx: Queryable, boothId: number, exhibitorId: number): Promise<{ number: string; hall: string }>
  /** A booth's number, its hall's name in `locale` (English by default), its type and size, as its order's screens and mails show it. */
  label(db: Queryable, boothId: number, locale?: Locale): Promise<BoothLabel>
  /** The booth of a paid order the organiser cancelled is free again. */
  freeSold(tx: Queryable, boothId: number, exhibitorId: number): Promise<void>
}

declare module '../platform.ts' {
  interface Services {
    booths: BoothsService
  }
}

/**
 * Floor plans (docs/product.md#floor-plans): an exhibition's halls and the booths on them, edited in
 * the console by managers (docs/product.md#console-floor-plans) and drawn on the exhibitor directory.
 * Booths are chosen, held and paid as orders of kind booth (docs/product.md#booth-checkout) on the
 * tickets domain's order machinery; this domain is the booths' one writer, in those orders' transactions.
 */
export const domain: Domain = {
  name: 'floor-plans',
  // After the exhibitors' demo content (order 100), whose demo exhibitors buy the demo booths.
  order: 110,
  setup(platform) {
    platform.services.booths = { releaseHeld: releaseHeldBooths, sellHeld: sellHeldBooth, label: boothLabel, freeSold: freeSoldBooth }
    registerFloorPlanFunctions(platform)
  },
  async seed(_platform, tx) {
    await seedDemoFloorPlans(tx)
  },
}

// What other domains use of this one.
export { boothStatesOf, boothsOfExhibitor, soldBoothPassesOf } from './floor-plans.repo.ts'
