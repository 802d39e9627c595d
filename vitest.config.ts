import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          // Twice the cores: a worker waits for the main process's transforms and for the programs some
          // tests run (pdftoppm for the badges), and with as many workers as cores the pass used about half of
          // a 2-core machine (53 s with 2 workers, 24 s with 4, docs/performance.md#unit-workers).
          maxWorkers: Math.max(4, 2 * availableParallelism()),
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/pglite-timers.ts', 'test/setup/integration-file.ts'],
          globalSetup: ['test/setup/pglite-template.ts'],
          // Files share a worker's modules: the server and PGlite's WebAssembly load once per worker, not
          // once per file (about 40 % of the suite's time, docs/CONVENTIONS.md#tests); what a file leaves
          // behind is undone by integration-file.ts.
          isolate: false,
          // One embedded database per worker is about 480 MB and 2 s to start (docs/product.md#pglite). Three
          // on a 2-core machine: with two, the cores were idle a fifth of the PostgreSQL pass, waiting for the
          // server (180 s against 158; PGlite 191 against 175, docs/performance.md#unit-workers).
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          include: ['test/deploy/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 900_000,
        },
      },
    ],
  },
})
