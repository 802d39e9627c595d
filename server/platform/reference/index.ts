import { countryGroups as countryGroupsContract, countryList, languageList } from '../../../shared/contracts/reference.ts'
import { LANGUAGE_INFO } from '../../../shared/languages.ts'
import type { Domain } from '../platform.ts'
import { countryEntries, countryGroups, flagPaths } from './countries.ts'

/**
 * Reference data every form and the language menus lean on: live languages with flags,
 * and the country lists of docs/product.md#reference-data in each locale. Computed once per locale and kept: no database.
 */
export const domain: Domain = {
  name: 'reference',
  order: 10,
  setup(platform) {
    platform.registry.implement(languageList, async () =>
      platform.config.SITE_LANGUAGES.map((code) => ({
        Language: LANGUAGE_INFO[code].nativeName,
        LanguageCode: code,
        Flag: flagPaths(LANGUAGE_INFO[code].flagCountry).flag,
        CountryCode: LANGUAGE_INFO[code].countryCode,
      })),
    )
    platform.registry.implement(countryList, async ({ LanguageCode }, context) => countryEntries(LanguageCode ?? context.locale))
    platform.registry.implement(countryGroupsContract, async ({ LanguageCode }, context) => countryGroups(LanguageCode ?? context.locale))
  },
}
