import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../../../locales/', import.meta.url))

export type Translate = (key: string, params?: Record<string, string | number>) => string

type Tree = { [key: string]: string | Tree }

/**
 * The login page and the account e-mails are not React pages: their strings come from
 * locales/<locale>/login.json, read once on the server. Plurals follow i18next's suffixes
 * (`_one`, `_few`, `_many`, `_other`) chosen with Intl.PluralRules, as the site does.
 */
export function loadLoginStrings(namespace = 'login'): (locale: Locale) => Translate {
  const trees = new Map<Locale, Tree>()
  for (const locale of LOCALES) {
    trees.set(locale, JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/${namespace}.json`, 'utf8')) as Tree)
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
      const bare = key.replace(/^login:/, '')
      const count = typeof params.count === 'number' ? params.count : undefined
      const template = (count !== undefined ? (lookup(`${bare}_${rules.select(count)}`) ?? lookup(`${bare}_other`)) : undefined) ?? lookup(bare)
      if (template === undefined) throw new Error(`missing login string ${locale} ${bare}`)
      return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    })
  }
  return (locale) => translators.get(locale) ?? (translators.get('en') as Translate)
}
