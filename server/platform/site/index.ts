import { goingLive } from '../../../shared/contracts/console.ts'
import { getIpGeo, homeGetIpGeo } from '../../../shared/contracts/site.ts'
import { goingLiveList } from '../../going-live.ts'
import type { Domain, Platform } from '../platform.ts'

function ipGeoAnswer(platform: Platform, ip: string) {
  const answer = platform.geo.countryOf(ip)
  return { country_code: answer.alpha2.toLowerCase(), numeric_code: answer.numeric, known: answer.known }
}

/**
 * Site-wide reference functions: IP geo (docs/product.md#endpoints GET /api/v1/getipgeo and Home
 * getipgeo), and the owner's "before you go live" list (docs/decisions/0013-demo-content-and-going-live.md).
 */
export const domain: Domain = {
  name: 'site',
  order: 10,
  setup(platform) {
    platform.registry.implement(getIpGeo, async ({ ip }, context) => ipGeoAnswer(platform, ip || context.ip))
    platform.registry.implement(homeGetIpGeo, async ({ ip }, context) => ipGeoAnswer(platform, ip || context.ip))
    platform.registry.implement(goingLive, async () => ({
      items: goingLiveList(platform.config, { demoContent: await platform.demo.refresh(), invoicing: await platform.services.invoices.ownIdentity() }),
    }))
  },
}
