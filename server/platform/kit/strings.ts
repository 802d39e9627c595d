import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { LOCALES, type Locale, localeOf } from '../../../shared/languages.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url))

export type Translate = (key: string, params?: Record<string, string | number>) => string

type Tree = { [key: string]: string | Tree }

/**
 * What a missing key gives: `throw` for strings a person always reads (mails, the sign-in and payment
 * pages; a missing key is a bug the tests must meet), `key` for the console's server-side strings
 * (audit lines and export headers), which show the key rather than fail the member's action.
 */
export type MissingKey = 'throw' | 'key'

const loaded = new Map<string, (locale: Locale) => Translate>()

/**
 * The server's one translator for what is not a React page, over the same files the pages read
 * (locales/<locale>/<namespace>.json), each read once. A locale without a key reads English; plurals
 * pick i18next's suffixes (`_one`, `_few`, `_many`, `_other`) with Intl.PluralRules, as the site does;
 * a key may carry its namespace (`login:title`); a placeholder without a value stays visible.
 */
export function loadStrings(namespace: string, missing: MissingKey = 'throw'): (locale: Locale) => Translate {
  const id = `${namespace}\u0000${missing}`
  const known = loaded.get(id)
  if (known) return known
  const trees = new Map<Locale, Tree>()
  for (const locale of LOCALES) {
    const file = `${LOCALES_DIR}${locale}/${namespace}.json`
    // A locale still without the file reads English (the locale check reports it; the server still starts).
    trees.set(locale, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : {})
  }
  const english = trees.get('en') as Tree
  const prefix = `${namespace}:`
  const translators = new Map<Locale, Translate>()
  for (const locale of LOCALES) {
    const tree = trees.get(locale) as Tree
    const rules = new Intl.PluralRules(locale)
    const lookup = (key: string): string | undefined => {
      for (const source of [tree, english]) {
        let node: string | Tree | undefined = source
        for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
        if (typeof node === 'string') return node
      }
      return undefined
    }
    translators.set(locale, (fullKey, params = {}) => {
      const key = fullKey.startsWith(prefix) ? fullKey.slice(prefix.length) : fullKey
      const count = typeof params.count === 'number' ? params.count : undefined
      const template = (count !== undefined ? (lookup(`${key}_${rules.select(count)}`) ?? lookup(`${key}_other`)) : undefined) ?? lookup(key)
      if (template === undefined) {
        if (missing === 'throw') throw new Error(`missing ${namespace} string ${locale} ${key}`)
        return key
      }
      return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    })
  }
  const translate = (locale: Locale) => translators.get(locale) ?? (translators.get('en') as Translate)
  loaded.set(id, translate)
  return translate
}

/** The console's strings in a member's language (the file the console's pages use), for audit lines, exports and staff mails. */
export function consoleStrings(language: ConsoleLanguage): Translate {
  return loadStrings('console', 'key')(localeOf(language))
}
