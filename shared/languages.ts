/**
 * The language table shared by server and browser (docs/product.md#content-fallback).
 * A URL language is the `{lang}` segment; a locale names the translation file it uses.
 */
export const ALL_URL_LANGUAGES = ['en', 'zh-cn', 'zh', 'zh-hk', 'es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi'] as const
export type UrlLanguage = (typeof ALL_URL_LANGUAGES)[number]

/** docs/product.md#languages: these three are always live and are the fallback list when the language call fails. */
export const REQUIRED_URL_LANGUAGES = ['en', 'zh-cn', 'zh'] as const satisfies readonly UrlLanguage[]

export const LOCALES = ['en', 'es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi', 'zh-cn', 'zh-hk', 'zh-tw'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_URL_LANGUAGE: UrlLanguage = 'en'

interface LanguageInfo {
  locale: Locale
  /** BCP 47 tag for `<html lang>`, `hreflang` and Intl. */
  htmlLang: string
  /** The language's name in itself (docs/product.md#reference-data `Language`). */
  nativeName: string
  /** ISO 3166 alpha-2 of the flag shown next to it (docs/product.md#reference-data `Flag`). */
  flagCountry: string
  /** ISO 3166 numeric (docs/product.md#reference-data `CountryCode`). */
  countryCode: string
}

export const LANGUAGE_INFO: Record<UrlLanguage, LanguageInfo> = {
  en: { locale: 'en', htmlLang: 'en', nativeName: 'English', flagCountry: 'GB', countryCode: '826' },
  'zh-cn': { locale: 'zh-cn', htmlLang: 'zh-Hans', nativeName: '简体中文', flagCountry: 'CN', countryCode: '156' },
  zh: { locale: 'zh-tw', htmlLang: 'zh-Hant', nativeName: '繁體中文', flagCountry: 'TW', countryCode: '158' },
  'zh-hk': { locale: 'zh-hk', htmlLang: 'zh-Hant-HK', nativeName: '繁體中文（香港）', flagCountry: 'HK', countryCode: '344' },
  es: { locale: 'es', htmlLang: 'es', nativeName: 'Español', flagCountry: 'ES', countryCode: '724' },
  fil: { locale: 'fil', htmlLang: 'fil', nativeName: 'Filipino', flagCountry: 'PH', countryCode: '608' },
  id: { locale: 'id', htmlLang: 'id', nativeName: 'Bahasa Indonesia', flagCountry: 'ID', countryCode: '360' },
  ja: { locale: 'ja', htmlLang: 'ja', nativeName: '日本語', flagCountry: 'JP', countryCode: '392' },
  pt: { locale: 'pt', htmlLang: 'pt', nativeName: 'Português', flagCountry: 'PT', countryCode: '620' },
  ru: { locale: 'ru', htmlLang: 'ru', nativeName: 'Русский', flagCountry: 'RU', countryCode: '643' },
  th: { locale: 'th', htmlLang: 'th', nativeName: 'ไทย', flagCountry: 'TH', countryCode: '764' },
  vi: { locale: 'vi', htmlLang: 'vi', nativeName: 'Tiếng Việt', flagCountry: 'VN', countryCode: '704' },
}

/** Content fallback chain (docs/product.md#content-fallback): zh-hk -> zh-tw -> zh-cn -> en; every other locale -> en. */
export function contentFallbackChain(locale: Locale): Locale[] {
  if (locale === 'zh-hk') return ['zh-hk', 'zh-tw', 'zh-cn', 'en']
  if (locale === 'zh-tw') return ['zh-tw', 'zh-cn', 'en']
  if (locale === 'zh-cn') return ['zh-cn', 'en']
  if (locale === 'en') return ['en']
  return [locale, 'en']
}

export function isUrlLanguage(value: string): value is UrlLanguage {
  return (ALL_URL_LANGUAGES as readonly string[]).includes(value)
}

export function localeOf(language: UrlLanguage): Locale {
  return LANGUAGE_INFO[language].locale
}

export function urlLanguageOfLocale(locale: Locale): UrlLanguage {
  return (ALL_URL_LANGUAGES.find((code) => LANGUAGE_INFO[code].locale === locale) ?? 'en') as UrlLanguage
}

/** A path segment that looks like a language tag (`fr`, `pt-BR`, `zh-Hant`), used to replace rather than prefix. */
export const LANGUAGE_LIKE_SEGMENT = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,2}$/i

/**
 * Maps one accept-language tag to a URL language, or undefined.
 * Chinese needs care: the script (Hans/Hant) or region decides between the three Chinese variants.
 */
export function urlLanguageForTag(tag: string, live: readonly UrlLanguage[]): UrlLanguage | undefined {
  const parts = tag.toLowerCase().replace(/_/g, '-').split('-')
  const primary = parts[0]
  const rest = parts.slice(1)
  let candidate: UrlLanguage | undefined
  if (primary === 'zh') {
    if (rest.includes('hk') || rest.includes('mo')) candidate = live.includes('zh-hk') ? 'zh-hk' : 'zh'
    else if (rest.includes('hant') || rest.includes('tw')) candidate = 'zh'
    else candidate = 'zh-cn'
  } else if (primary === 'tl' || primary === 'fil') candidate = 'fil'
  else if (primary === 'in' || primary === 'id') candidate = 'id'
  else if (primary && isUrlLanguage(primary)) candidate = primary
  return candidate && live.includes(candidate) ? candidate : undefined
}

/**
 * docs/product.md#language-resolution: the first supported language of the accept-language header, honouring q-values
 * (RFC 9110 §12.5.4); q=0 means "not acceptable".
 */
export function languageFromAcceptLanguage(header: string | undefined, live: readonly UrlLanguage[]): UrlLanguage | undefined {
  if (!header) return undefined
  const ranked = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const entry of ranked) {
    const language = urlLanguageForTag(entry.tag, live)
    if (language) return language
  }
  return undefined
}
