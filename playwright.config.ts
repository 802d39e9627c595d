import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 3211)
/**
 * Every site the tests start (this one, each worker's console site, the specs' own) stops at once:
 * in production a stopping instance keeps answering for SHUTDOWN_DRAIN_SECONDS (5 s) while a load
 * balancer notices, which in a test is only a wait before each outage and restart. The drain itself
 * is tested in test/integration/shutdown.test.ts. Workers and the sites they spawn inherit it.
 */
process.env.SHUTDOWN_DRAIN_SECONDS ??= '0'
/** E2E_PORT, E2E_DATA_DIR and DIST_DIR let several runs share one checkout. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${PORT}`

/**
 * Browser tests against the production build with a fresh embedded database and the demo content.
 * `npm run test:e2e` builds first; the server here only starts.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries: a test that passes on its second try is a defect in the product or the test, and
  // a retry hid one (a double click sending two applications) until it failed outright.
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace of every test to keep the failing ones cost about a fifth of the pass's time
    // (DOM snapshots at each action), and CI keeps no artifacts: rerun a failing test with --trace=on.
    trace: 'off',
    // A navigation that has not come in 30 s will not come: fail then, with the page's screenshot,
    // rather than hold the worker for the rest of the test's time.
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The pass's data folder template made first (test/e2e/site-data.ts); this site starts on a copy of it.
    command: `node test/e2e/site-data.ts ${DATA_DIR} && node server/index.ts`,
    url: `http://127.0.0.1:${PORT}/HealthCheck/Get`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      // Tests pose as visitors from other countries through X-Forwarded-For from loopback.
      TRUST_PROXY: 'loopback',
      PAGE_CACHE: 'on',
    },
  },
})
