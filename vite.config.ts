import { globSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: {
    // DIST_DIR lets several builds live side by side (parallel test runs in one checkout).
    outDir: `${process.env.DIST_DIR ?? 'dist'}/client`,
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    // Every browser we serve supports modulepreload; the polyfill would ship to all of them.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // src/entry-client.tsx hydrates every page; index.html is the static fallback document.
    // Each translation file is an entry of its own: pages load their language's files by the URLs
    // the server gives them, so no table of every language's files ships in the bundle.
    rolldownOptions: {
      // A translation entry is only its default export; without this the bundler tree-shakes it empty.
      preserveEntrySignatures: 'exports-only',
      input: {
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
      },
    },
  },
  ssr: {
    // Bundled into the server entry so the production image needs no source TSX at run time.
    noExternal: ['react-router'],
  },
  css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: '[local]_[hash:base64:6]' } },
}))
