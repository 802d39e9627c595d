import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AssetResolver } from '../../src/entry-server.tsx'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

type Manifest = Record<string, ManifestChunk>

export const CLIENT_ENTRY = 'src/entry-client.tsx'

/**
 * Reads Vite's manifest once and answers, per page, which stylesheets to link and which modules to
 * preload: the entry, the screens on the page (their CSS too, so nothing renders unstyled) and the
 * translation chunks of the page's language.
 */
export function createAssetResolver(clientDir: string): AssetResolver {
  const manifestPath = join(clientDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${clientDir} (missing .vite/manifest.json). Run \`npm run build\` first.`)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entry = manifest[CLIENT_ENTRY]
  if (!entry) throw new Error(`The client build has no entry ${CLIENT_ENTRY}`)

  const collect = (key: string, files: Set<string>, styles: Set<string>, seen = new Set<string>()) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    files.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) styles.add(`/${css}`)
    for (const imported of chunk.imports ?? []) collect(imported, files, styles, seen)
  }
  const entryFiles = new Set<string>()
  const entryStyles = new Set<string>()
  collect(CLIENT_ENTRY, entryFiles, entryStyles)
  const cache = new Map<string, ReturnType<AssetResolver['forPage']>>()
  const chunksByLocale = new Map<string, Record<string, string>>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /^locales\/([^/]+)\/([^/]+)\.json$/.exec(key)
    if (!match?.[1] || !match[2]) continue
    const chunks = chunksByLocale.get(match[1]) ?? {}
    chunks[match[2]] = `/${chunk.file}`
    chunksByLocale.set(match[1], chunks)
  }

  return {
    bootstrapModule: `/${entry.file}`,
    localeChunks: (locale) => chunksByLocale.get(locale) ?? {},
    forPage(screens, locale, namespaces) {
      const key = `${screens.join(',')}|${locale}|${namespaces.join(',')}`
      const cached = cache.get(key)
      if (cached) return cached
      const files = new Set<string>()
      const styles = new Set<string>(entryStyles)
      for (const screen of screens) collect(`src/routes/${screen}/route.tsx`, files, styles)
      for (const namespace of namespaces) collect(`locales/${locale}/${namespace}.json`, files, styles)
      for (const file of entryFiles) files.delete(file)
      files.delete(`/${entry.file}`)
      const assets = { stylesheets: [...styles], modulePreloads: [...files] }
      cache.set(key, assets)
      return assets
    },
  }
}

/** Without a client build (integration tests) pages render without scripts or stylesheets. */
export const noAssets: AssetResolver = {
  bootstrapModule: null,
  localeChunks: () => ({}),
  forPage: () => ({ stylesheets: [], modulePreloads: [] }),
}
