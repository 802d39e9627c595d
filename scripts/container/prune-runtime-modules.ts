// node scripts/container/prune-runtime-modules.ts [--dry-run]: run in the image's build stage after
// `npm run build` and `npm prune --omit=dev`. Leaves in node_modules only what the running server
// and its operator scripts can load, so the runtime image stays small (docs/going-live.md#the-image).
//
// What stays is computed, not listed by hand: every package named by an import in the server's
// sources, in the operator scripts (and the files they import) and in the built server render, plus
// everything those packages depend on. What goes: packages only the browser bundles use (already
// inside dist/client), optional peers such as typescript that npm keeps after a prune, type
// declarations, source maps and TypeScript sources (Node never strips types under node_modules),
// and the files of asset packages (fonts, IP ranges) that no source file names.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const ROOT = resolve(process.argv.find((arg) => !arg.startsWith('-') && arg !== process.argv[0] && arg !== process.argv[1]) ?? '.')
const DRY_RUN = process.argv.includes('--dry-run')
const MODULES = join(ROOT, 'node_modules')

/** The npm scripts an operator runs inside the image (docs/going-live.md). */
const OPERATOR_SCRIPTS = ['db-migrate', 'staff', 'content', 'verify-register', 'applications'].map((name) => `scripts/${name}.ts`)
/**
 * Packages the server reads files from rather than imports, and which of their files stay: those
 * some runtime source names (the PDF tickets' two Noto Sans SC weights of nine, the numeric IP
 * tables of four CSV files), or for the flags that server/app.ts serves as /flags, the folders
 * addressed as /flags/<folder>/ (3x2 and 1x1 of its nine forms).
 */
const ASSET_PACKAGES: Record<string, (file: string, sources: string) => boolean> = {
  '@expo-google-fonts/noto-sans-sc': namedInSources,
  '@expo-google-fonts/noto-sans-thai': namedInSources,
  '@ip-location-db/dbip-country': namedInSources,
  'country-flag-icons': (file, sources) => sources.includes(`/flags/${file.split('/')[0]}/`),
}
/**
 * Builds Node never loads: these packages name their CommonJS build in `main` (no `exports`), and
 * also ship ES-module, browser and source copies of it; fontkit's `exports` name its two Node builds,
 * never its browser ones or its sources. Checked below: every kept package's entry still exists afterwards.
 */
const UNUSED_BUILDS: Record<string, string[]> = {
  'pdf-lib': ['es', 'dist', 'src', 'ts3.4'],
  fontkit: ['src', 'dist/browser-module.mjs', 'dist/browser.cjs'],
  '@pdf-lib/standard-fonts': ['es', 'dist'],
  '@pdf-lib/upng': ['dist', 'UPNG.js'],
  'ua-parser-js': ['dist'],
}
/** Folders at a package's root that no package loads from. */
const DEAD_FOLDERS = new Set(['test', 'tests', '__tests__', 'example', 'examples', 'docs', 'benchmark', 'benchmarks', '.github'])
/** Never loaded by Node: declarations, maps, docs, TypeScript sources (not stripped under node_modules). */
const DEAD_FILE = /(\.d\.[cm]?ts|\.map|\.md|\.markdown|\.tsx?|\.flow)$/i
const KEPT_ALWAYS = /^(package\.json|licen[cs]e.*|copying.*|notice.*)$/i

function namedInSources(file: string, sources: string) {
  return sources.includes(file.slice(file.lastIndexOf('/') + 1))
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\s*\(\s*|\.resolve\s*\(\s*)(['"])([^'"\n]+)\1/g

function walk(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(path, keep, out)
    } else if (keep(path)) out.push(path)
  }
  return out
}

function packageNameOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.startsWith('~')) return null
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '')
  return /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) ? name : null
}

/**
 * The sources the running image executes: the server, the operator scripts and the files they
 * import, and the built render. The render's `import()` calls are left out: in a server render
 * they sit in effects and event handlers that only a browser runs (the video player, charts, the
 * camera's code reader), whose packages the client bundles already hold.
 */
function runtimeSources(): { file: string; text: string }[] {
  const isSource = (path: string) => /\.(ts|tsx)$/.test(path) && !/\.test\.tsx?$/.test(path)
  const queue = [...walk(join(ROOT, 'server'), isSource), ...OPERATOR_SCRIPTS.map((script) => join(ROOT, script))]
  const seen = new Map<string, string>()
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file) || !existsSync(file)) continue
    const text = readFileSync(file, 'utf8')
    seen.set(file, text)
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[2] as string
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier))
    }
  }
  const built = walk(join(ROOT, 'dist/server'), (path) => /\.m?js$/.test(path)).map((file) => ({
    file,
    text: readFileSync(file, 'utf8').replace(/\bimport\s*\(\s*(['"])[^'"\n]+\1\s*\)/g, 'import(null)'),
  }))
  return [...[...seen].map(([file, text]) => ({ file, text })), ...built]
}

/** Where Node finds `name` when `from` (a package folder or a source file) imports it. */
function locate(name: string, from: string): string | null {
  let dir = from
  for (;;) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

interface Manifest {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

/** The packages the sources import, and everything those depend on (optional peers excepted). */
function neededPackages(sources: { file: string; text: string }[]): Set<string> {
  const kept = new Set<string>()
  const queue: string[] = []
  for (const { file, text } of sources) {
    for (const match of text.matchAll(IMPORT)) {
      const name = packageNameOf(match[2] as string)
      const dir = name && locate(name, dirname(file))
      if (dir) queue.push(dir)
    }
  }
  while (queue.length) {
    const dir = queue.pop() as string
    if (kept.has(dir)) continue
    kept.add(dir)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
    const optionalPeers = manifest.peerDependenciesMeta ?? {}
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ]
    for (const name of names) {
      const found = locate(name, dir)
      if (found) queue.push(found)
    }
  }
  return kept
}

/** Every installed package folder, nested ones included. */
function installedPackages(modules: string, out: string[] = []): string[] {
  if (!existsSync(modules)) return out
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    const path = join(modules, entry.name)
    if (entry.name.startsWith('@')) installedPackages(path, out)
    else if (existsSync(join(path, 'package.json'))) {
      out.push(path)
      installedPackages(join(path, 'node_modules'), out)
    }
  }
  return out
}

function size(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false })
  if (!info) return 0
  if (!info.isDirectory()) return info.size
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0)
}

function remove(path: string) {
  if (!DRY_RUN) rmSync(path, { recursive: true, force: true })
}

const before = size(MODULES)
const sources = runtimeSources()
const sourceText = sources.map((source) => source.text).join('\n')
const kept = neededPackages(sources)
const removedPackages: string[] = []
for (const dir of installedPackages(MODULES)) {
  if (kept.has(dir) || !existsSync(dir)) continue
  removedPackages.push(relative(MODULES, dir))
  remove(dir)
}
remove(join(MODULES, '.bin'))
for (const [name, keep] of Object.entries(ASSET_PACKAGES)) {
  const dir = join(MODULES, name)
  if (!kept.has(dir)) continue
  for (const file of walk(dir, () => true)) {
    const inside = relative(dir, file).split(sep).join('/')
    if (!KEPT_ALWAYS.test(inside) && !keep(inside, sourceText)) remove(file)
  }
}
// PGlite's contrib extensions load only through `@electric-sql/pglite/contrib/<name>` imports.
const pglite = join(MODULES, '@electric-sql/pglite/dist')
if (kept.has(dirname(pglite))) {
  for (const file of readdirSync(pglite).filter((name) => name.endsWith('.tar.gz'))) {
    if (!sourceText.includes(`pglite/contrib/${file.replace(/\.tar\.gz$/, '')}`)) remove(join(pglite, file))
  }
}
for (const [name, paths] of Object.entries(UNUSED_BUILDS)) {
  const dir = join(MODULES, name)
  if (kept.has(dir)) for (const path of paths) remove(join(dir, path))
}
for (const dir of kept) {
  for (const name of readdirSync(dir)) if (DEAD_FOLDERS.has(name)) remove(join(dir, name))
  const dead = (path: string) => {
    const base = path.slice(path.lastIndexOf(sep) + 1)
    if (KEPT_ALWAYS.test(base)) return false
    return DEAD_FILE.test(base)
  }
  for (const file of walk(dir, dead)) remove(file)
}
// The IP tables are read once at start; gzipped they are 10 MB instead of 36 (server/geo/ip-country.ts reads either).
const tables = join(MODULES, '@ip-location-db/dbip-country')
if (!DRY_RUN && kept.has(tables)) {
  for (const name of readdirSync(tables).filter((file) => file.endsWith('.csv'))) {
    writeFileSync(join(tables, `${name}.gz`), gzipSync(readFileSync(join(tables, name)), { level: 9 }))
    rmSync(join(tables, name))
  }
}
// The kernel's files the server and the operator scripts do not import (some rules only the pages
// read; the pages themselves are in dist/server already).
const imported = new Set(sources.map((source) => source.file))
if (!DRY_RUN) for (const file of walk(join(ROOT, 'shared'), () => true)) if (!imported.has(file)) rmSync(file)
/** Folders left empty by the removals above; true when `dir` itself is now empty and gone. */
function removeEmpty(dir: string): boolean {
  const entries = readdirSync(dir, { withFileTypes: true })
  const left = entries.filter((entry) => !(entry.isDirectory() && removeEmpty(join(dir, entry.name))))
  if (left.length) return false
  rmSync(dir, { recursive: true })
  return true
}
if (!DRY_RUN) for (const dir of [MODULES, join(ROOT, 'shared')]) removeEmpty(dir)
// Every package that stays still finds its entry point (asset packages are read, not imported).
if (!DRY_RUN) {
  for (const dir of kept) {
    if (relative(MODULES, dir) in ASSET_PACKAGES) continue
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main?: string; exports?: unknown }
    if (manifest.exports === undefined && manifest.main && !['', '.js', '.cjs', '/index.js'].some((suffix) => existsSync(join(dir, manifest.main + suffix)))) {
      throw new Error(`${relative(MODULES, dir)}: its entry ${manifest.main} is gone`)
    }
  }
}
const after = DRY_RUN ? Number.NaN : size(MODULES)
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
console.log(`node_modules: ${mb(before)} -> ${DRY_RUN ? '(dry run)' : mb(after)}; ${kept.size} packages kept, ${removedPackages.length} removed`)
console.log(`removed: ${removedPackages.sort().join(' ')}`)
