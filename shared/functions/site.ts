import type { FunctionTable } from './gateway.ts'

/** Where each site function is reached and who may call it (its contract and browser reference both use this). */
export const SITE = {
  getIpGeo: { endpoint: 'ipGeo', access: 'public' },
  homeGetIpGeo: { endpoint: 'cv3', route: 'home$getipgeo', access: 'visitor' },
} as const satisfies FunctionTable
