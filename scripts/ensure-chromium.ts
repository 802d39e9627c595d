// Browser tests drive Debian's chromium-headless-shell, or its chromium (Playwright cannot download its own
// browser on our machines, docs/product.md#chromium). When the shell is missing and we are root with apt,
// install it (falling back to chromium where the release has no shell); otherwise say exactly how.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.ts'

const pinned = process.env.CHROMIUM_PATH
const found = () => (pinned ? existsSync(pinned) : existsSync(HEADLESS_SHELL_PATH) || existsSync(FULL_CHROMIUM_PATH))

const aptInstall = (pkg: string) => {
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    return true
  } catch {
    return false
  }
}

if (!pinned && !existsSync(HEADLESS_SHELL_PATH) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log('chromium-headless-shell is missing: installing it with apt-get (about 15 s)…')
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  if (!aptInstall('chromium-headless-shell') && !existsSync(FULL_CHROMIUM_PATH)) aptInstall('chromium')
}
if (!found()) {
  console.error(
    `Browser tests need Chromium at ${pinned ?? `${HEADLESS_SHELL_PATH} or ${FULL_CHROMIUM_PATH}`}.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium-headless-shell\n' +
      '(or chromium), or point CHROMIUM_PATH at another Chromium or Chrome binary.',
  )
  process.exit(1)
}
