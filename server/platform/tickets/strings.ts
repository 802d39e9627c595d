import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { LOCALES, type Locale } from '../../../shared/languages.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url))

export type Translate = (key: string, params?: Record<string, string | number>) => string

type Tree = { [key: string]: string | Tree }

/**
 * Strings of what is not a React page (the sandbox payment page, the confirmation e-mail), read once
 * from locales/<locale>/<namespace>.json. A locale without a key falls back to English; plurals pick
 * i18next's suffixes with Intl.PluralRules, as the site does.
 */
export function loadStrings(namespace: 'tickets' | 'payment' | 'survey'): (locale: Locale) => Translate {
  const trees = new Map<Locale, Tree>()
  for (const locale of LOCALES) {
    const file = `${LOCALES_DIR}${locale}/${namespace}.json`
    // A locale still without the file reads English (scripts/check-locales.ts reports it; the server still starts).
    trees.set(locale, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : {})
  }
  const english = trees.get('en') as Tree
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
    translators.set(locale, (key, params = {}) => {
      const count = typeof params.count === 'number' ? params.count : undefined
      const template = (count !== undefined ? (lookup(`${key}_${rules.select(count)}`) ?? lookup(`${key}_other`)) : undefined) ?? lookup(key)
      if (template === undefined) throw new Error(`missing ${namespace} string ${locale} ${key}`)
      return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    })
  }
  return (locale) => translators.get(locale) ?? (translators.get('en') as Translate)
}
