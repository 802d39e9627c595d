import countries from 'i18n-iso-countries'
import { getCountries, getCountryCallingCode, type CountryCode as PhoneCountry } from 'libphonenumber-js/max'
import type { CountryEntry, CountryGroup, GroupedCountry } from '../../../shared/contracts/reference.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'

/** Our locales as CLDR tags for Intl.DisplayNames and Intl.Collator. */
const CLDR_TAG: Record<Locale, string> = {
  en: 'en',
  es: 'es',
  fil: 'fil',
  id: 'id',
  ja: 'ja',
  pt: 'pt',
  ru: 'ru',
  th: 'th',
  vi: 'vi',
  'zh-cn': 'zh-Hans',
  'zh-hk': 'zh-Hant-HK',
  'zh-tw': 'zh-Hant',
}

/**
 * ISO 3166-1 territories: alpha-2 and numeric codes from ISO (the i18n-iso-countries tables), names
 * from CLDR (Intl.DisplayNames, full ICU ships with Node), dialling codes from libphonenumber. The old
 * lists' quirks are not copied (docs/product.md#reference-data): GB, not UK; one entry per territory; no empty names.
 */
export const ISO_ALPHA2 = Object.keys(countries.getAlpha2Codes()).sort()

const dialable = new Set<string>(getCountries())

export function diallingCode(alpha2: string): string {
  return dialable.has(alpha2) ? getCountryCallingCode(alpha2 as PhoneCountry) : ''
}

export function flagPaths(alpha2: string) {
  return { flag: `/flags/3x2/${alpha2}.svg`, square: `/flags/1x1/${alpha2}.svg` }
}

const entriesCache = new Map<Locale, CountryEntry[]>()

export function countryEntries(locale: Locale): CountryEntry[] {
  const cached = entriesCache.get(locale)
  if (cached) return cached
  const names = new Intl.DisplayNames([CLDR_TAG[locale]], { type: 'region', fallback: 'none' })
  const english = new Intl.DisplayNames(['en'], { type: 'region' })
  const chinese = new Intl.DisplayNames(['zh-Hans'], { type: 'region' })
  const collator = new Intl.Collator(CLDR_TAG[locale])
  const entries = ISO_ALPHA2.map((alpha2) => ({
    LanguageCode: locale,
    // CLDR has every territory in these locales; English is the last resort so no name is ever empty.
    CountryName: names.of(alpha2) ?? english.of(alpha2) ?? alpha2,
    CountryCode: countries.alpha2ToNumeric(alpha2) as string,
    TwoCharCode: alpha2,
    ChineseCountryName: chinese.of(alpha2) ?? alpha2,
  })).sort((a, b) => collator.compare(a.CountryName, b.CountryName))
  entriesCache.set(locale, entries)
  return entries
}

/**
 * Pinyin initials by collation: the first character that sorts under each letter in Chinese
 * pinyin order (a long-standing technique; no pinyin table needed).
 */
const PINYIN_BOUNDARIES: Array<[string, string]> = [
  ['A', '阿'],
  ['B', '八'],
  ['C', '嚓'],
  ['D', '咑'],
  ['E', '妸'],
  ['F', '发'],
  ['G', '旮'],
  ['H', '哈'],
  ['J', '丌'],
  ['K', '咔'],
  ['L', '垃'],
  ['M', '妈'],
  ['N', '拏'],
  ['O', '噢'],
  ['P', '妑'],
  ['Q', '七'],
  ['R', '呥'],
  ['S', '仨'],
  ['T', '他'],
  ['W', '屲'],
  ['X', '夕'],
  ['Y', '丫'],
  ['Z', '帀'],
]
const pinyinCollator = new Intl.Collator('zh-Hans-CN-u-co-pinyin')

export function pinyinInitial(text: string): string {
  const first = text.charAt(0)
  if (/[a-z]/i.test(first)) return first.toUpperCase()
  let initial = '#'
  for (const [letter, boundary] of PINYIN_BOUNDARIES) {
    if (pinyinCollator.compare(first, boundary) >= 0) initial = letter
    else break
  }
  return initial
}

function latinInitial(text: string): string {
  const letter = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase()
  return /[A-Z]/.test(letter) ? letter : '#'
}

const groupsCache = new Map<Locale, { chinese: CountryGroup[]; english: CountryGroup[] }>()

/** docs/product.md#reference-data alternative list: grouped by the initial of the Chinese name (pinyin) and of the English name. */
export function countryGroups(locale: Locale): { chinese: CountryGroup[]; english: CountryGroup[] } {
  const cached = groupsCache.get(locale)
  if (cached) return cached
  const entries = countryEntries(locale)
  const english = new Intl.DisplayNames(['en'], { type: 'region' })
  const toGrouped = (entry: CountryEntry): GroupedCountry => {
    const code = diallingCode(entry.TwoCharCode)
    const { flag, square } = flagPaths(entry.TwoCharCode)
    return { countryCode: entry.CountryCode, twoCharCode: entry.TwoCharCode, code: code ? `00${code}` : '', name: entry.CountryName, flag, 'flag-c': square }
  }
  const group = (initialOf: (entry: CountryEntry) => string, sortKey: (entry: CountryEntry) => string, collator: Intl.Collator) => {
    const byInitial = new Map<string, CountryEntry[]>()
    for (const entry of entries) {
      const initial = initialOf(entry)
      byInitial.set(initial, [...(byInitial.get(initial) ?? []), entry])
    }
    return [...byInitial.entries()]
      .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
      .map(([name, list]) => ({ name, data: list.sort((a, b) => collator.compare(sortKey(a), sortKey(b))).map(toGrouped) }))
  }
  const result = {
    chinese: group(
      (entry) => pinyinInitial(entry.ChineseCountryName),
      (entry) => entry.ChineseCountryName,
      pinyinCollator,
    ),
    english: group(
      (entry) => latinInitial(english.of(entry.TwoCharCode) ?? entry.CountryName),
      (entry) => english.of(entry.TwoCharCode) ?? entry.CountryName,
      new Intl.Collator('en'),
    ),
  }
  groupsCache.set(locale, result)
  return result
}

export const SUPPORTED_LOCALES = LOCALES
