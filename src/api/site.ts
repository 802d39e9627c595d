import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/site.ts'

/** Browser-safe references to the site functions (no zod in the page bundle). */
export const getIpGeo = fn<typeof contracts.getIpGeo>('ipGeo', undefined, 'public')
export const homeGetIpGeo = fn<typeof contracts.homeGetIpGeo>('cv3', 'home$getipgeo', 'visitor')
