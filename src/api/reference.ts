import { fn } from './functions/gateway.ts'
import { REFERENCE } from './functions/reference.ts'
import type * as contracts from './contracts/reference.ts'

export const languageList = fn<typeof contracts.languageList>(REFERENCE.languageList)
export const countryList = fn<typeof contracts.countryList>(REFERENCE.countryList)
export const countryGroups = fn<typeof contracts.countryGroups>(REFERENCE.countryGroups)
export type { CountryEntry, CountryGroup, GroupedCountry, LanguageOption } from './contracts/reference.ts'
