import type { FunctionTable } from './gateway.ts'

/** Where each search function is reached and who may call it (its contract and browser reference both use this). */
export const SEARCH = {
  statisticsHotSearch: { endpoint: 'cv3', route: 'search$statisticsHotSearch', access: 'visitor' },
  checkPinzhuan: { endpoint: 'cv3', route: 'search$checkpinzhuan', access: 'visitor' },
  rankingHomeClient: { endpoint: 'cv3', route: 'home$rankinghomeClient', access: 'visitor' },
  homeDropdown: { endpoint: 'cv3', route: 'home$dropdown', access: 'visitor' },
  traderDropdown: { endpoint: 'dropdown', access: 'public' },
  searchSwitch: { endpoint: 'searchSwitch', access: 'public' },
  ranking: { endpoint: 'ranking', access: 'public' },
  searchResults: { endpoint: 'cv3', route: 'search$results', access: 'visitor' },
  brokerProfile: { endpoint: 'cv3', route: 'search$brokerProfile', access: 'visitor' },
  recordChoice: { endpoint: 'cv3', route: 'search$recordChoice', access: 'visitor' },
} as const satisfies FunctionTable
