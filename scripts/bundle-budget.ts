// Reports each screen's JavaScript and CSS (raw, gzip, brotli) from Vite's manifest and fails when
// one is above its budget in bundle-budget.json. Run by `npm run build`.
import { readFileSync } from 'node:fs'
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
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
const budget = JSON.parse(readFileSync('bundle-budget.json', 'utf8')) as {
  default: { jsGzip: number; cssGzip: number }
  screens: Record<string, { jsGzip: number; cssGzip: number }>
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

function collect(key: string, js: Set<string>, css: Set<string>) {
  const chunk = manifest[key]
  if (!chunk || js.has(chunk.file)) return
  js.add(chunk.file)
  for (const file of chunk.css ?? []) css.add(file)
  for (const imported of chunk.imports ?? []) collect(imported, js, css)
}

// Screens are src/routes/<screen>/route.tsx or, in a feature folder, src/routes/<feature>/<screen>/route.tsx.
const screens = Object.keys(manifest).flatMap((key) => /^src\/routes\/(.+)\/route\.tsx$/.exec(key)?.[1] ?? [])

const sum = (files: Set<string>, key: 'raw' | 'gzip' | 'brotli') => [...files].reduce((total, file) => total + sizeOf(file)[key], 0)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`
const rows: string[] = []
const failures: string[] = []
for (const screen of screens.sort()) {
  const js = new Set<string>()
  const css = new Set<string>()
  collect('src/entry-client.tsx', js, css)
  collect(`src/routes/${screen}/route.tsx`, js, css)
  // The English translations the page loads first (common plus the screen's own, if any).
  collect('locales/en/common.json', js, css)
  if (manifest[`locales/en/${screen}.json`]) collect(`locales/en/${screen}.json`, js, css)
  const limit = budget.screens[screen] ?? budget.default
  const jsGzip = sum(js, 'gzip')
  const cssGzip = sum(css, 'gzip')
  rows.push(
    `${screen.padEnd(24)} JS ${kb(sum(js, 'raw')).padStart(7)} raw ${kb(jsGzip).padStart(6)} gz ${kb(sum(js, 'brotli')).padStart(6)} br   CSS ${kb(sum(css, 'raw')).padStart(6)} raw ${kb(cssGzip).padStart(5)} gz ${kb(sum(css, 'brotli')).padStart(5)} br`,
  )
  if (jsGzip > limit.jsGzip) failures.push(`${screen}: JavaScript ${kb(jsGzip)} KB gzip is above its budget of ${kb(limit.jsGzip)} KB`)
  if (cssGzip > limit.cssGzip) failures.push(`${screen}: CSS ${kb(cssGzip)} KB gzip is above its budget of ${kb(limit.cssGzip)} KB`)
}
console.log(`Bundle sizes per screen (KB; first visit, English):\n${rows.join('\n')}`)
if (failures.length) {
  console.error(`\nOver budget (bundle-budget.json):\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
