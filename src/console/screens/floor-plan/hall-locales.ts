import { LOCALES } from '../../../../shared/languages.ts'

/** The languages a hall's name is written in besides English, its label (docs/product.md#console-floor-plans). */
export const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en')
