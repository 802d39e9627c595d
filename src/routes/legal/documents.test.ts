import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../shared/languages.ts'
import { isLegalBody, LEGAL_DOCUMENTS, LEGAL_SECTIONS, legalDocumentOf } from './documents.ts'

type Tree = { [key: string]: Tree | string | Tree[] | string[] }

function readLocale(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(new URL(`../../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Tree
}

function flatten(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof tree === 'string') out[prefix] = tree
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out)
  return out
}

/** Placeholders and tags of a text, sorted: a translation must keep every one of them. */
function tokens(text: string): string {
  return [...text.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+\s*\/?>/g)]
    .map((match) => match[0].replace(/\s/g, ''))
    .sort()
    .join(' ')
}

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en')

describe('legal document names', () => {
  it('when the footer links are resolved, then each names its document', () => {
    expect(LEGAL_DOCUMENTS.map((document) => legalDocumentOf(`${document}.html`))).toEqual(['terms', 'privacy', 'disclaimer'])
  })

  it('when a segment is not exactly a document name with .html, then it is no document', () => {
    for (const segment of [
      'terms',
      'terms.htm',
      'Terms.html',
      'TERMS.HTML',
      'cookies.html',
      '.html',
      'terms.html.html',
      'constructor.html',
      '__proto__.html',
      'toString.html',
      undefined,
    ]) {
      expect(legalDocumentOf(segment), String(segment)).toBeNull()
    }
  })

  it('when a section body is checked, then paragraphs and non-empty lists of strings pass and anything else does not', () => {
    expect(isLegalBody(['a', ['b', 'c'], 'd'])).toBe(true)
    expect(isLegalBody([])).toBe(true)
    expect(isLegalBody('a')).toBe(false)
    expect(isLegalBody(['a', []])).toBe(false)
    expect(isLegalBody(['a', ['b', 1]])).toBe(false)
    expect(isLegalBody([{ text: 'a' }])).toBe(false)
    expect(isLegalBody(undefined)).toBe(false)
  })
})

describe('legal texts in every locale', () => {
  const english = readLocale('en', 'legal')

  it('when the English texts are read, then every document has exactly the sections the table of contents lists, each with a title and a body', () => {
    for (const document of LEGAL_DOCUMENTS) {
      const sections = (english[document] as Tree).sections as Tree
      expect(Object.keys(sections)).toEqual([...LEGAL_SECTIONS[document]])
      for (const id of LEGAL_SECTIONS[document]) {
        const section = sections[id] as Tree
        expect(typeof section.title).toBe('string')
        expect(isLegalBody(section.body), `${document}.${id}`).toBe(true)
      }
    }
  })

  for (const locale of OTHER_LOCALES) {
    it(`when the ${locale} texts are compared with English, then they have the same keys, placeholders and tags`, () => {
      const source = flatten(english)
      const target = flatten(readLocale(locale, 'legal'))
      expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort())
      for (const [key, text] of Object.entries(source)) expect(tokens(target[key] ?? ''), `${locale} ${key}`).toBe(tokens(text))
    })
  }

  for (const locale of OTHER_LOCALES.filter((code) => /^(zh|ja|th|ru)/.test(code))) {
    it(`when the ${locale} texts are read, then none is left in English`, () => {
      const source = flatten(english)
      const target = flatten(readLocale(locale, 'legal'))
      const untranslated = Object.keys(source).filter((key) => target[key] === source[key] && /[a-z]{4,}/i.test(source[key] ?? ''))
      expect(untranslated).toEqual([])
    })
  }
})

describe('plural forms', () => {
  // i18next picks the form with Intl.PluralRules, so a locale needs every category its rules name.
  // Forms a language never uses may be present (scripts/locales-plurals.ts keeps all locales on the
  // same keys); they are never shown.
  for (const locale of LOCALES) {
    it(`when ${locale} has plural keys, then each has every category of ${locale}`, () => {
      const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort()
      for (const namespace of ['common', 'legal']) {
        const groups = new Map<string, string[]>()
        for (const key of Object.keys(flatten(readLocale(locale, namespace)))) {
          const match = PLURAL.exec(key)
          if (match?.[1] && match[2]) groups.set(match[1], [...(groups.get(match[1]) ?? []), match[2]])
        }
        for (const [key, found] of groups) expect(found, `${locale} ${namespace}:${key}`).toEqual(expect.arrayContaining(categories))
      }
    })
  }
})
