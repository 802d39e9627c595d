import type { i18n as I18n, Resource } from 'i18next'
import { createI18n } from './instance.ts'
import type { Locale } from '../../shared/languages.ts'
import { createTranslationMemo, memoizedView, missingKeyReporter, type TranslationMemo } from './translation-memo.ts'

/** Every translation, loaded once with the server bundle; a request picks its locale from here. */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' })

const all: Resource = {}
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
  if (!match?.[1] || !match[2]) continue
  all[match[1]] ??= {}
  ;(all[match[1]] as Record<string, unknown>)[match[2]] = content
}

function serverResources(locale: Locale): Resource {
  return { [locale]: all[locale] ?? {} }
}

function namespacesOf(locale: Locale): string[] {
  return Object.keys(all[locale] ?? {})
}

// One instance per language for the process: it holds translations only, which never change on the
// server, and no request state (each request gets its own view; see memoizedView).
const languages = new Map<Locale, { shared: I18n; memo: TranslationMemo }>()

/** The translations of one request: a view of its language's shared instance that reports to this request. */
export function serverI18n(locale: Locale, onMissingKey: (key: string) => void): I18n {
  let language = languages.get(locale)
  if (!language) {
    const memo = createTranslationMemo()
    language = { shared: createI18n(locale, serverResources(locale), namespacesOf(locale), missingKeyReporter(memo)), memo }
    languages.set(locale, language)
  }
  return memoizedView(language.shared, language.memo, onMissingKey)
}
