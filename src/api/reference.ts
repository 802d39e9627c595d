import { fn } from '../../shared/functions/gateway.ts'
import { REFERENCE } from '../../shared/functions/reference.ts'
import type * as contracts from '../../shared/contracts/reference.ts'

export const languageList = fn<typeof contracts.languageList>(REFERENCE.languageList)
export const countryList = fn<typeof contracts.countryList>(REFERENCE.countryList)
export const countryGroups = fn<typeof contracts.countryGroups>(REFERENCE.countryGroups)
export type { CountryEntry, CountryGroup, GroupedCountry, LanguageOption } from '../../shared/contracts/reference.ts'
