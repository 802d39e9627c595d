import { fn } from '../../shared/functions/gateway.ts'
import { SEARCH } from '../../shared/functions/search.ts'
import type * as contracts from '../../shared/contracts/search.ts'
/**
 * Broker search (docs/product.md#search-box): browser references to the platform functions. No zod here, so the search
 * box that ships on every page stays small; the rules both sides apply are in shared/rules/search.ts.
 */
export const statisticsHotSearch = fn<typeof contracts.statisticsHotSearch>(SEARCH.statisticsHotSearch)
export const checkPinzhuan = fn<typeof contracts.checkPinzhuan>(SEARCH.checkPinzhuan)
export const rankingHomeClient = fn<typeof contracts.rankingHomeClient>(SEARCH.rankingHomeClient)
export const homeDropdown = fn<typeof contracts.homeDropdown>(SEARCH.homeDropdown)
export const traderDropdown = fn<typeof contracts.traderDropdown>(SEARCH.traderDropdown)
export const searchSwitch = fn<typeof contracts.searchSwitch>(SEARCH.searchSwitch)
export const ranking = fn<typeof contracts.ranking>(SEARCH.ranking)
export const searchResults = fn<typeof contracts.searchResults>(SEARCH.searchResults)
export const brokerProfile = fn<typeof contracts.brokerProfile>(SEARCH.brokerProfile)
export const recordChoice = fn<typeof contracts.recordChoice>(SEARCH.recordChoice)

export type { BrokerCard, BrokerProfile, HotItem, RankingPage, ResultsPage, SearchSwitches, Suggestion } from '../../shared/contracts/search.ts'
