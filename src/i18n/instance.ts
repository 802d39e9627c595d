import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '../../shared/languages.ts'

export const DEFAULT_NAMESPACE = 'common'

/**
 * One i18next instance per server request (docs/product.md#request-state: nothing with request state at module
 * level), and one per page in the browser. Resources are given up front, so init is synchronous.
 */
export function createI18n(locale: Locale, resources: Resource, namespaces: string[], onMissingKey?: (key: string) => void): I18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    // The visitor's locale only: the browser downloads just its own language (docs/product.md#performance).
    supportedLngs: [locale],
    // Our locale codes are lower case (zh-cn); without this i18next looks up zh-CN and finds nothing.
    lowerCaseLng: true,
    ns: namespaces,
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    // A missing key is reported (console.error in the browser, the log on the server), so browser
    // tests fail on it and production monitoring sees it.
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: (_languages, namespace, key) => onMissingKey?.(`${namespace}:${key}`),
  })
  return instance
}
