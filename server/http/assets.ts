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

/** Where a client entry's screens and translation files are in the manifest. */
export interface EntryLayout {
  /** Vite's manifest of the build that holds the entry, under the client folder. */
  manifest: string
  entry: string
  screenKey(screen: string): string
  /** Translation files built as modules of their own, if the pages load them that way. */
  locales?: {
    key(locale: string, namespace: string): string
    /** Matches a translation file's manifest key: the locale, then the namespace. */
    pattern: RegExp
  }
}

export const PUBLIC_PAGES: EntryLayout = {
  manifest: '.vite/manifest.json',
  entry: CLIENT_ENTRY,
  screenKey: (screen) => `src/routes/${screen}/route.tsx`,
  locales: { key: (locale, namespace) => `locales/${locale}/${namespace}.json`, pattern: /^locales\/([^/]+)\/([^/]+)\.json$/ },
}

/** The organiser's console (src/console): its own build, entry and screens; its texts travel in the page. */
export const CONSOLE_PAGES: EntryLayout = {
  manifest: '.vite/console-manifest.json',
  entry: 'src/console/entry-client.tsx',
  screenKey: (screen) => `src/console/screens/${screen}/route.tsx`,
}

/**
 * Reads Vite's manifest once and answers, per page, which stylesheets to link and which modules to
 * preload: the entry, the screens on the page (their CSS too, so nothing renders unstyled) and the
 * translation chunks of the page's language.
 */
export function createAssetResolver(clientDir: string, layout: EntryLayout = PUBLIC_PAGES): AssetResolver {
  const manifestPath = join(clientDir, layout.manifest)
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${clientDir} (missing ${layout.manifest}). Run \`npm run build\` first.`)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entry = manifest[layout.entry]
  if (!entry) throw new Error(`The client build has no entry ${layout.entry}`)

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
  collect(layout.entry, entryFiles, entryStyles)
  const cache = new Map<string, ReturnType<AssetResolver['forPage']>>()
  const chunksByLocale = new Map<string, Record<string, string>>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = layout.locales?.pattern.exec(key)
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
      for (const screen of screens) collect(layout.screenKey(screen), files, styles)
      for (const namespace of namespaces) if (layout.locales) collect(layout.locales.key(locale, namespace), files, styles)
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
