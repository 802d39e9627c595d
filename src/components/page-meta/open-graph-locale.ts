import type { UrlLanguage } from '../../../shared/languages.ts'

/**
 * `og:locale` of each URL language: Open Graph wants `language_TERRITORY` (https://ogp.me/#optional),
 * and Facebook reads only the pairs it knows. The territory is the one our texts are written for:
 * British English and European Portuguese (colour, registo, telemóvel), Spain's Spanish, and the
 * three Chinese variants by script and region. Facebook knows Filipino as `tl_PH`.
 */
export const OPEN_GRAPH_LOCALES = {
  en: 'en_GB',
  'zh-cn': 'zh_CN',
  zh: 'zh_TW',
  'zh-hk': 'zh_HK',
  es: 'es_ES',
  fil: 'tl_PH',
  id: 'id_ID',
  ja: 'ja_JP',
  pt: 'pt_PT',
  ru: 'ru_RU',
  th: 'th_TH',
  vi: 'vi_VN',
} as const satisfies Record<UrlLanguage, string>

/** This language's locale and, as `og:locale:alternate`, those of the other live languages. */
export function openGraphLocales(lang: UrlLanguage, live: readonly UrlLanguage[]): { locale: string; alternates: string[] } {
  return {
    locale: OPEN_GRAPH_LOCALES[lang],
    alternates: live.filter((other) => other !== lang).map((other) => OPEN_GRAPH_LOCALES[other]),
  }
}
