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
          // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine.
          maxWorkers: Math.max(2, availableParallelism()),
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/integration-file.ts'],
          globalSetup: ['test/setup/pglite-template.ts'],
          // Files share a worker's modules: the server and PGlite's WebAssembly load once per worker, not
          // once per file (about 40 % of the suite's time, docs/CONVENTIONS.md#tests); what a file leaves
          // behind is undone by integration-file.ts.
          isolate: false,
          // One embedded database per worker is about 480 MB and 2 s to start (docs/product.md#pglite).
          maxWorkers: 2,
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
