import type { Resource } from 'i18next'
import type { Locale } from './languages.ts'

/** Every translation, loaded once with the server bundle; a request picks its locale from here. */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' })

const all: Resource = {}
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
  if (!match?.[1] || !match[2]) continue
  all[match[1]] ??= {}
  ;(all[match[1]] as Record<string, unknown>)[match[2]] = content
}

export function serverResources(locale: Locale): Resource {
  return { [locale]: all[locale] ?? {} }
}

export function namespacesOf(locale: Locale): string[] {
  return Object.keys(all[locale] ?? {})
}
