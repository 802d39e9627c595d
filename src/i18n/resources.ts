import type { Resource, ResourceLanguage } from 'i18next'
import type { Locale } from '../../shared/languages.ts'

/**
 * Translation files: locales/<locale>/<namespace>.json, each built as its own small module. The
 * server tells the page where its language's files are (HydrationPayload.localeChunks) and preloads
 * the ones the page needs, so the bundle carries no table of every language's files.
 */
let knownChunks: Record<string, string> = {}

/** The browser entry records where the page's language files are (from the hydration data). */
export function setLocaleChunks(chunks: Record<string, string>): void {
  knownChunks = chunks
}

export async function loadResources(locale: Locale, namespaces: string[], chunks: Record<string, string> = knownChunks): Promise<Resource> {
  const language: ResourceLanguage = {}
  await Promise.all(
    namespaces.map(async (namespace) => {
      const url = chunks[namespace]
      if (!url) throw new Error(`no translation file locales/${locale}/${namespace}.json`)
      language[namespace] = ((await import(/* @vite-ignore */ url)) as { default: Record<string, unknown> }).default
    }),
  )
  return { [locale]: language }
}
