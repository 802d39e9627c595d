import { existsSync } from 'node:fs'

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` when it is installed, else Debian's
 * `chromium` (docs/product.md#chromium: Playwright cannot download its own browser here). The shell
 * renders the same Blink without the full browser's windowing layer: the same 91 tests took 91 s
 * against 132 s.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH)
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
