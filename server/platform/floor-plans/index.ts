import type { Domain } from '../platform.ts'
import { seedDemoFloorPlans } from './demo-floor-plans.ts'
import { registerFloorPlanFunctions } from './floor-plans.functions.ts'

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
    registerFloorPlanFunctions(platform)
  },
  async seed(_platform, tx) {
    await seedDemoFloorPlans(tx)
  },
}

// What other domains use of this one.
export { boothsOfExhibitor, freeSoldBooth, releaseHeldBooths, sellHeldBooth } from './floor-plans.repo.ts'
