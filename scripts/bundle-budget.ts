// Reports each screen's JavaScript and CSS (raw, gzip, brotli) from Vite's manifest and fails when
// one is above its budget in bundle-budget.json. Run by `npm run build`.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

const dist = process.env.DIST_DIR ?? 'dist'
const clientDir = join(dist, 'client')
type Manifest = Record<string, ManifestChunk>
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest
// The organiser's console is a build of its own (vite.config.ts) with its own manifest.
const consoleManifestPath = join(clientDir, '.vite/console-manifest.json')
const consoleManifest: Manifest = existsSync(consoleManifestPath) ? JSON.parse(readFileSync(consoleManifestPath, 'utf8')) : {}
/**
 * A screen's JavaScript is budgeted gzipped, or, where the budget names `jsBrotli`, as a browser on https receives it:
 * the build's brotli copies (scripts/precompress.ts), which is how docs/performance.md#goals-and-where-we-stand states the home's budget.
 */
type Limit = { jsGzip: number; cssGzip: number } | { jsBrotli: number; cssGzip: number }
const budget = JSON.parse(readFileSync('bundle-budget.json', 'utf8')) as {
  default: Limit
  screens: Record<string, Limit>
  /** The organiser's console: its own entry, one budget for each of its screens (docs/product.md#console-where). */
  console?: Limit
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>()
function sizeOf(file: string) {
  let size = sizes.get(file)
  if (!size) {
    const bytes = readFileSync(join(clientDir, file))
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length }
    sizes.set(file, size)
  }
  return size
}

function collect(key: string, js: Set<string>, css: Set<string>, from: Manifest = manifest) {
  const chunk = from[key]
  if (!chunk || js.has(chunk.file)) return
  js.add(chunk.file)
  for (const file of chunk.css ?? []) css.add(file)
  for (const imported of chunk.imports ?? []) collect(imported, js, css, from)
}

// Screens are src/routes/<screen>/route.tsx or, in a feature folder, src/routes/<feature>/<screen>/route.tsx.
const screens = Object.keys(manifest).flatMap((key) => /^src\/routes\/(.+)\/route\.tsx$/.exec(key)?.[1] ?? [])

const sum = (files: Set<string>, key: 'raw' | 'gzip' | 'brotli') => [...files].reduce((total, file) => total + sizeOf(file)[key], 0)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`
const rows: string[] = []
const failures: string[] = []
interface Page {
  name: string
  entry: string
  screen: string
  /** The English translations the page loads first. */
  locales: string[]
  limit: Limit
  from: Manifest
}

function measure(page: Page) {
  const js = new Set<string>()
  const css = new Set<string>()
  collect(page.entry, js, css, page.from)
  collect(page.screen, js, css, page.from)
  for (const locale of page.locales) collect(locale, js, css, page.from)
  const jsGzip = sum(js, 'gzip')
  const cssGzip = sum(css, 'gzip')
  rows.push(
    `${page.name.padEnd(24)} JS ${kb(sum(js, 'raw')).padStart(7)} raw ${kb(jsGzip).padStart(6)} gz ${kb(sum(js, 'brotli')).padStart(6)} br   CSS ${kb(sum(css, 'raw')).padStart(6)} raw ${kb(cssGzip).padStart(5)} gz ${kb(sum(css, 'brotli')).padStart(5)} br`,
  )
  if ('jsBrotli' in page.limit) {
    const jsBrotli = sum(js, 'brotli')
    if (jsBrotli > page.limit.jsBrotli) failures.push(`${page.name}: JavaScript ${kb(jsBrotli)} KB brotli is above its budget of ${kb(page.limit.jsBrotli)} KB`)
  } else if (jsGzip > page.limit.jsGzip) failures.push(`${page.name}: JavaScript ${kb(jsGzip)} KB gzip is above its budget of ${kb(page.limit.jsGzip)} KB`)
  if (cssGzip > page.limit.cssGzip) failures.push(`${page.name}: CSS ${kb(cssGzip)} KB gzip is above its budget of ${kb(page.limit.cssGzip)} KB`)
}

for (const screen of screens.sort()) {
  measure({
    name: screen,
    entry: 'src/entry-client.tsx',
    screen: `src/routes/${screen}/route.tsx`,
    // common plus the screen's own namespace, if any.
    locales: ['locales/en/common.json', `locales/en/${screen}.json`],
    limit: budget.screens[screen] ?? budget.default,
    from: manifest,
  })
}
// The console's screens (src/console/screens/<screen>/route.tsx) with the console entry; their texts travel in the page.
const consoleScreens = Object.keys(consoleManifest).flatMap((key) => /^src\/console\/screens\/(.+)\/route\.tsx$/.exec(key)?.[1] ?? [])
for (const screen of consoleScreens.sort()) {
  measure({
    name: `console/${screen}`,
    entry: 'src/console/entry-client.tsx',
    screen: `src/console/screens/${screen}/route.tsx`,
    locales: [],
    limit: budget.console ?? budget.default,
    from: consoleManifest,
  })
}
console.log(`Bundle sizes per screen (KB; first visit, English):\n${rows.join('\n')}`)
if (failures.length) {
  console.error(`\nOver budget (bundle-budget.json):\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
