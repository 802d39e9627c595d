import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../shared/rules/console-access.ts'
import { languageFromAcceptLanguage, LANGUAGE_INFO } from '../../shared/languages.ts'

/**
 * The console's UI languages are a staff member's setting (docs/product.md#console-where), not the URL. Their
 * screen texts are one file per language, locales-console/<language>.json, apart from the public
 * site's 12-locale folders (whose check wants every namespace in all 12): adding a language is adding
 * its file and its value in CONSOLE_LANGUAGES. Error codes keep their one home: `errors.*` in the
 * site's common.json and `console:errors.*` in its console.json, of the language's locale.
 */
export const CONSOLE_NAMESPACE = 'console'

/** Before sign-in, a language picked on the sign-in page is remembered in this cookie. */
export const LANGUAGE_COOKIE = 'console_language'

export type Messages = Record<string, unknown>

const errorsOf = (messages: Messages | undefined) => (messages?.errors ?? {}) as Messages

/** One namespace: the screen texts, and both kinds of error code under `errors` (`t('errors.x')`, `t('console:errors.y')`). */
export function consoleMessages(screens: Messages, common: Messages | undefined, platform: Messages | undefined): Messages {
  return { ...screens, errors: { ...errorsOf(common), ...errorsOf(platform) } }
}

export function isConsoleLanguage(value: string | null | undefined): value is ConsoleLanguage {
  return (CONSOLE_LANGUAGES as readonly string[]).includes(value ?? '')
}

/** The language before sign-in: the remembered choice, else the browser's, else English. */
export function guestLanguage(cookieValue: string | undefined, acceptLanguage: string | null): ConsoleLanguage {
  if (isConsoleLanguage(cookieValue)) return cookieValue
  const fromBrowser = languageFromAcceptLanguage(acceptLanguage ?? undefined, CONSOLE_LANGUAGES)
  return isConsoleLanguage(fromBrowser) ? fromBrowser : 'en'
}

/** `lang` attribute and the language's own name (the console languages are also URL languages of the site). */
export const htmlLangOf = (language: ConsoleLanguage) => LANGUAGE_INFO[language].htmlLang
export const nativeNameOf = (language: ConsoleLanguage) => LANGUAGE_INFO[language].nativeName

/** One instance per server request and one per page in the browser (nothing per request at module level). */
export function createConsoleI18n(language: ConsoleLanguage, messages: Messages, onMissingKey: (key: string) => void): I18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [language],
    lowerCaseLng: true,
    ns: [CONSOLE_NAMESPACE],
    defaultNS: CONSOLE_NAMESPACE,
    resources: { [language]: { [CONSOLE_NAMESPACE]: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => onMissingKey(`${language} ${namespace}:${key}`),
  })
  return instance
}
