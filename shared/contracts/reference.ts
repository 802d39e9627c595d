import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { REFERENCE } from '../functions/reference.ts'
import { defineContract } from './define.ts'

/** docs/product.md#reference-data language option. */
export const languageOption = z.object({
  /** The language's name in itself. */
  Language: z.string(),
  /** The URL language code (en, zh-cn, zh, ...). */
  LanguageCode: z.string(),
  /** Address of the flag image served by this site. */
  Flag: z.string(),
  /** ISO 3166 numeric, three digits. */
  CountryCode: z.string().regex(/^\d{3}$/),
})

export const languageList = defineContract({
  ...REFERENCE.languageList,
  payload: z.object({}),
  result: z.array(languageOption),
})

/** docs/product.md#reference-data country entry of the reference lists. */
export const countryEntry = z.object({
  LanguageCode: z.string(),
  CountryName: z.string().min(1),
  /** ISO 3166 numeric, three digits with leading zeros (036, 004). */
  CountryCode: z.string().regex(/^\d{3}$/),
  /** ISO 3166 alpha-2, upper case (GB, never UK). */
  TwoCharCode: z.string().regex(/^[A-Z]{2}$/),
  ChineseCountryName: z.string().min(1),
})

const localeCode = z.enum(LOCALES)

export const countryList = defineContract({
  ...REFERENCE.countryList,
  payload: z.object({ LanguageCode: localeCode.optional() }),
  result: z.array(countryEntry),
})

/** docs/product.md#reference-data alternative country list entry (phone fields use it). */
export const groupedCountry = z.object({
  countryCode: z.string().regex(/^\d{3}$/),
  twoCharCode: z.string().regex(/^[A-Z]{2}$/),
  /** Dialling prefix with leading 00 (0086); empty for territories without their own. */
  code: z.string().regex(/^(00\d{1,4})?$/),
  name: z.string().min(1),
  flag: z.string(),
  'flag-c': z.string(),
})

export const countryGroup = z.object({ name: z.string(), data: z.array(groupedCountry) })

export const countryGroups = defineContract({
  ...REFERENCE.countryGroups,
  payload: z.object({ LanguageCode: localeCode.optional() }),
  /** Grouped by the initial of the Chinese name (pinyin) and of the English name. */
  result: z.object({ chinese: z.array(countryGroup), english: z.array(countryGroup) }),
})

export type LanguageOption = z.infer<typeof languageOption>
export type CountryEntry = z.infer<typeof countryEntry>
export type GroupedCountry = z.infer<typeof groupedCountry>
export type CountryGroup = z.infer<typeof countryGroup>
