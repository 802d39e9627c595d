import { fn } from '../../shared/functions/gateway.ts'
import { SITE } from '../../shared/functions/site.ts'
import type * as contracts from '../../shared/contracts/site.ts'

/** Browser-safe references to the site functions (no zod in the page bundle). */
export const getIpGeo = fn<typeof contracts.getIpGeo>(SITE.getIpGeo)
export const homeGetIpGeo = fn<typeof contracts.homeGetIpGeo>(SITE.homeGetIpGeo)
