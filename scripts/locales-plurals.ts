// node scripts/locales-plurals.ts [--check]
// i18next picks a plural form with Intl.PluralRules, so Russian needs _few and _many while Japanese
// has only _other. Locale files must still hold the same keys (our locale check compares them), so
// every plural key carries every form in every locale: a form a language never uses repeats that
// language's own _other text (or its nearest form) and is never shown.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const
const dir = 'locales'
const check = process.argv.includes('--check')
type Tree = { [key: string]: string | Tree }

const locales = readdirSync(dir).filter((name) => !name.startsWith('.'))
const namespaces = new Set(locales.flatMap((locale) => readdirSync(join(dir, locale)).filter((file) => file.endsWith('.json'))))
let changed = 0

for (const namespace of namespaces) {
  const trees = new Map<string, Tree>()
  for (const locale of locales) {
    try {
      trees.set(locale, JSON.parse(readFileSync(join(dir, locale, namespace), 'utf8')) as Tree)
    } catch {
      // A missing file is the locale check's business.
    }
  }
  // Plural bases (path without the form suffix) and the forms used anywhere.
  const bases = new Map<string, Set<string>>()
  const walk = (tree: Tree, path: string[]) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value !== 'string') walk(value, [...path, key])
      else {
        const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key)
        if (match?.[1]) {
          const base = [...path, match[1]].join('\u0000')
          const forms = bases.get(base) ?? new Set<string>()
          forms.add(match[2] as string)
          bases.set(base, forms)
        }
      }
    }
  }
  for (const tree of trees.values()) walk(tree, [])
  for (const [locale, tree] of trees) {
    let dirty = false
    for (const [base, forms] of bases) {
      const parts = base.split('\u0000')
      const leaf = parts.pop() as string
      let node: Tree | undefined = tree
      for (const part of parts) node = typeof node?.[part] === 'object' ? (node[part] as Tree) : undefined
      if (!node) continue
      const own = FORMS.filter((form) => typeof node?.[`${leaf}_${form}`] === 'string')
      if (!own.length) continue
      const fallback = (node[`${leaf}_other`] ?? node[`${leaf}_${own.at(-1)}`]) as string
      for (const form of forms) {
        if (node[`${leaf}_${form}`] === undefined) {
          node[`${leaf}_${form}`] = fallback
          dirty = true
        }
      }
    }
    if (dirty) {
      changed++
      if (!check) writeFileSync(join(dir, locale, namespace), `${JSON.stringify(tree, null, 2)}\n`)
      else console.log(`${locale}/${namespace}: plural forms missing`)
    }
  }
}
console.log(check ? `${changed} file(s) lack plural forms` : `${changed} file(s) completed`)
if (check && changed) process.exit(1)
