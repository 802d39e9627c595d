import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/reference.ts'

export const languageList = fn<typeof contracts.languageList>('cv3', 'common$languageList', 'visitor')
export const countryList = fn<typeof contracts.countryList>('cv3', 'common$countryList', 'visitor')
export const countryGroups = fn<typeof contracts.countryGroups>('cv3', 'common$countryGroups', 'visitor')
export type { CountryEntry, CountryGroup, GroupedCountry, LanguageOption } from './contracts/reference.ts'
