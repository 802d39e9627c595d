import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import QRCode from 'qrcode'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { CONSOLE_PORT, expect } from './console-kit.ts'
import { PHONE } from './fixtures.ts'

/** The door's phone (docs/product.md#checkin) as the specs drive it: Chromium's fake camera shown real QR codes. */
const CAMERA_FILE = join(tmpdir(), `door-camera-${CONSOLE_PORT}.y4m`)

/**
 * A camera picture of a QR code as Chromium's fake camera reads it: a YUV4MPEG2 file (4:2:0), the
 * code's modules black (16) on white (235) with a quiet zone, grey chroma, a few identical frames.
 */
export function showToCamera(text: string): void {
  const width = 640
  const height = 480
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const quiet = 4
  const scale = Math.floor(440 / (modules.size + 2 * quiet))
  const side = (modules.size + 2 * quiet) * scale
  const left = Math.floor((width - side) / 2)
  const top = Math.floor((height - side) / 2)
  const luma = Buffer.alloc(width * height, 235)
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue
      for (let y = 0; y < scale; y++) {
        const start = (top + (row + quiet) * scale + y) * width + left + (column + quiet) * scale
        luma.fill(16, start, start + scale)
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  writeFileSync(CAMERA_FILE, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]))
}

/** The browser at the door: its own launch, with the fake camera reading CAMERA_FILE and camera permission granted. */
export async function doorBrowser(): Promise<{ browser: Browser; context: BrowserContext; page: Page; problems: string[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA_FILE}`],
  })
  const context = await browser.newContext({ viewport: PHONE, permissions: ['camera'] })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    // Offline, the browser itself reports each request that could not leave; those are expected.
    if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(message.text())) problems.push(message.text())
  })
  return { browser, context, page, problems }
}

/**
 * Shows another picture to the camera: off first (a running fake camera reads the file as it is
 * rewritten), then the new picture, then on again.
 */
export async function scan(page: Page, text: string) {
  const stop = page.getByRole('button', { name: 'Stop camera' })
  if (await stop.isVisible()) await stop.click()
  await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible()
  showToCamera(text)
  await page.getByRole('button', { name: 'Start camera' }).click()
}

export const answer = (page: Page) => page.locator('[data-outcome]')
