import type { FunctionTable } from './gateway.ts'

/** Where each exhibitions function is reached and who may call it (its contract and browser reference both use this). */
export const EXHIBITIONS = {
  listExhibitions: { endpoint: 'expo', route: 'expo$listExhibitions', access: 'visitor' },
  getExhibition: { endpoint: 'expo', route: 'expo$getExhibition', access: 'visitor' },
  getCampaign: { endpoint: 'expo', route: 'expo$getCampaign', access: 'visitor' },
  listPartners: { endpoint: 'expo', route: 'expo$listPartners', access: 'visitor' },
  listAdverts: { endpoint: 'advertisement', access: 'visitor' },
} as const satisfies FunctionTable
