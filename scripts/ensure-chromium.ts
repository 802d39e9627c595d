// Browser tests drive Debian's chromium (Playwright cannot download its own browser on our machines).
// When it is missing and we are root with apt, install it; otherwise say exactly how.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from './chromium.ts'

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = process.getuid?.() === 0
  const hasApt = existsSync('/usr/bin/apt-get')
  if (isRoot && hasApt) {
    console.log('chromium is missing: installing it with apt-get (about 15 s)…')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\n' +
        'or point CHROMIUM_PATH at another Chromium or Chrome binary.',
    )
    process.exit(1)
  }
}
