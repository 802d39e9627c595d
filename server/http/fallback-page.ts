import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Locale, UrlLanguage } from '../../shared/languages.ts'
import { LANGUAGE_INFO } from '../../shared/languages.ts'
import { escapeHtml } from '../platform/kit/escape.ts'

const SOURCE_TEMPLATE = fileURLToPath(new URL('../../index.html', import.meta.url))
const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url))

/** `failed`: even the error page failed. `unavailable`: the database is away, so no page can be made (503). */
export type FallbackKind = 'failed' | 'unavailable'

const LAST_RESORT: Record<FallbackKind, { title: string; text: string }> = {
  failed: { title: 'An error occurred while showing the error page', text: 'Please try again in a moment.' },
  unavailable: { title: 'Briefly unavailable', text: 'This page cannot be shown for a moment. Please try again in a few seconds.' },
}

/**
 * docs/product.md#error-pages: when even the error page fails, a static page headed "An error occurred while showing
 * the error page" with a link home, in the visitor's language. The template is index.html (built by
 * Vite in production, so its stylesheet is the hashed one).
 */
export function createFallbackPage(clientDir?: string) {
  const builtTemplate = clientDir ? `${clientDir}/index.html` : ''
  const template = readFileSync(builtTemplate && existsSync(builtTemplate) ? builtTemplate : SOURCE_TEMPLATE, 'utf8').replace(/<!--[\s\S]*?-->\s*/, '')
  const cache = new Map<string, string>()
  return (lang: UrlLanguage, kind: FallbackKind = 'failed'): string => {
    const cached = cache.get(`${kind} ${lang}`)
    if (cached) return cached
    const locale: Locale = LANGUAGE_INFO[lang].locale
    let strings: { title?: string | undefined; text?: string | undefined; home?: string | undefined } = {}
    try {
      const common = JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/common.json`, 'utf8')) as {
        errorPage?: Partial<Record<FallbackKind, { title?: string; text?: string }>> & { backHome?: string }
      }
      strings = { title: common.errorPage?.[kind]?.title, text: common.errorPage?.[kind]?.text, home: common.errorPage?.backHome }
    } catch {
      // The English words below are the last resort.
    }
    const html = template
      .replaceAll('%lang%', LANGUAGE_INFO[lang].htmlLang)
      .replaceAll('%urlLang%', lang)
      .replaceAll('%title%', escapeHtml(strings.title ?? LAST_RESORT[kind].title))
      .replaceAll('%text%', escapeHtml(strings.text ?? LAST_RESORT[kind].text))
      .replaceAll('%home%', escapeHtml(strings.home ?? 'Back to the homepage'))
    cache.set(`${kind} ${lang}`, html)
    return html
  }
}
