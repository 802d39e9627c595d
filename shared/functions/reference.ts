import type { FunctionTable } from './gateway.ts'

/** Where each reference function is reached and who may call it (its contract and browser reference both use this). */
export const REFERENCE = {
  languageList: { endpoint: 'cv3', route: 'common$languageList', access: 'visitor' },
  countryList: { endpoint: 'cv3', route: 'common$countryList', access: 'visitor' },
  countryGroups: { endpoint: 'cv3', route: 'common$countryGroups', access: 'visitor' },
} as const satisfies FunctionTable
