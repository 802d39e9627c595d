// Takes screenshots of pages for a person to look at: node scripts/screenshot.ts <base-url> <out-dir> <path>... [--widths=375,1280]
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const [base = 'http://127.0.0.1:3000', outDir = 'out/screens', ...rest] = process.argv.slice(2)
const widthArg = rest.find((arg) => arg.startsWith('--widths='))
const widths = (widthArg?.slice(9) ?? '375,1280').split(',').map(Number)
const paths = rest.filter((arg) => !arg.startsWith('--'))
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 800 : 900 }, deviceScaleFactor: 1 })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.log(`[${width}] ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => console.log(`[${width}] pageerror: ${error.message}`))
  for (const path of paths) {
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' })
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' })
    console.log(file)
  }
  await context.close()
}
await browser.close()
