import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/search.ts'

/**
 * Broker search (issue 5): browser references to the platform functions and the few rules both
 * sides apply. No zod here, so the search box that ships on every page stays small.
 */
export const statisticsHotSearch = fn<typeof contracts.statisticsHotSearch>('cv3', 'search$statisticsHotSearch', 'visitor')
export const checkPinzhuan = fn<typeof contracts.checkPinzhuan>('cv3', 'search$checkpinzhuan', 'visitor')
export const rankingHomeClient = fn<typeof contracts.rankingHomeClient>('cv3', 'home$rankinghomeClient', 'visitor')
export const homeDropdown = fn<typeof contracts.homeDropdown>('cv3', 'home$dropdown', 'visitor')
export const traderDropdown = fn<typeof contracts.traderDropdown>('dropdown', undefined, 'public')
export const searchSwitch = fn<typeof contracts.searchSwitch>('searchSwitch', undefined, 'public')
export const ranking = fn<typeof contracts.ranking>('ranking', undefined, 'public')
export const searchResults = fn<typeof contracts.searchResults>('cv3', 'search$results', 'visitor')
export const brokerProfile = fn<typeof contracts.brokerProfile>('cv3', 'search$brokerProfile', 'visitor')
export const recordChoice = fn<typeof contracts.recordChoice>('cv3', 'search$recordChoice', 'visitor')

export type { BrokerCard, BrokerProfile, HotItem, RankingPage, ResultsPage, SearchSwitches, Suggestion } from './contracts/search.ts'

export * from './rules/search.ts'
