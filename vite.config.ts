import { globSync, mkdirSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/** The server build: the public render and the organiser's console's. */
const SERVER_ENTRIES: Record<string, string> = { 'entry-server': 'src/entry-server.tsx', 'console-entry-server': 'src/console/entry-server.tsx' }

/**
 * The organiser's console is a build of its own (`--mode console`, into the same folder with its own
 * manifest): in one build the bundler would share react-router and the like between the two entries
 * with the union of what both use, and public pages would carry code only the console needs.
 */
const CONSOLE_ENTRIES: Record<string, string> = { console: 'src/console/entry-client.tsx' }

function clientEntries(): Record<string, string> {
  return {
    app: 'src/entry-client.tsx',
    fallback: 'index.html',
    ...Object.fromEntries(
      globSync('locales/*/*.json').map((file) => [
        file
          .replace(/^locales\//, 'locale-')
          .replace(/\.json$/, '')
          .replace('/', '-'),
        file,
      ]),
    ),
  }
}

/**
 * The checkout's files this build read (its modules and the files its assets came from,
 * node_modules aside), listed beside the manifest as `.vite/inputs-<build>.json`. test/deploy/dockerfile.test.ts
 * checks that the Dockerfile's build stage copies every one of them and that the run's build is
 * newer than all of them, so the image's build is proven on the run's one build instead of a second.
 */
function buildInputs(build: string): Plugin {
  return {
    name: 'expo-build-inputs',
    apply: 'build',
    writeBundle(options, bundle) {
      const root = process.cwd()
      const files = new Set<string>()
      // The modules, and the files the assets were made from (fonts and images a stylesheet names).
      const assetSources = Object.values(bundle).flatMap((output) =>
        output.type === 'asset' ? output.originalFileNames.map((name) => resolve(root, name)) : [],
      )
      for (const id of [...this.getModuleIds(), ...assetSources]) {
        // Virtual modules (\0-prefixed or bare names) are no files.
        const file = id.replace(/[?#].*$/, '')
        if (!isAbsolute(file)) continue
        const path = relative(root, file)
        if (!path.startsWith('..') && !path.split(sep).includes('node_modules')) files.add(path.split(sep).join('/'))
      }
      const dir = join(options.dir ?? root, '.vite')
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, `inputs-${build}.json`), `${JSON.stringify([...files].sort(), null, 1)}\n`)
    },
  }
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), buildInputs(isSsrBuild ? 'server' : mode === 'console' ? 'console' : 'client')],
  publicDir: 'public',
  build: {
    // DIST_DIR lets several builds live side by side (parallel test runs in one checkout).
    outDir: `${process.env.DIST_DIR ?? 'dist'}/client`,
    // The console's build comes second and adds its files beside the public ones.
    emptyOutDir: mode !== 'console',
    copyPublicDir: !isSsrBuild && mode !== 'console',
    manifest: mode === 'console' ? '.vite/console-manifest.json' : true,
    target: 'es2022',
    cssCodeSplit: true,
    // Every browser we serve supports modulepreload; the polyfill would ship to all of them.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // src/entry-client.tsx hydrates every public page; index.html is the static fallback document;
    // src/console/entry-client.tsx, built apart (consoleEntries), the organiser's console. Each
    // translation file is an entry of its own: pages load their language's files by the URLs the
    // server gives them, so no table of every language's files ships in the bundle.
    // The server build has two entries: the public render and the console's.
    rolldownOptions: {
      // A translation entry is only its default export; without this the bundler tree-shakes it empty.
      preserveEntrySignatures: 'exports-only',
      input: isSsrBuild ? SERVER_ENTRIES : mode === 'console' ? CONSOLE_ENTRIES : clientEntries(),
    },
  },
  ssr: {
    // Bundled into the server entry so the production image needs no source TSX at run time.
    noExternal: ['react-router'],
  },
  css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: '[local]_[hash:base64:6]' } },
}))
