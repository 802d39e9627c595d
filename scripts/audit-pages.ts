// npm run audit:pages [-- --no-build] [--desktop-only|--mobile-only]
// Lighthouse (mobile and desktop), axe-core and the Nu HTML Checker over the pages of
// audit.config.json in each configured language, against the production build with demo content.
// Prints scores and findings; exits non-zero below the thresholds of audit.config.json.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, FULL_CHROMIUM_PATH } from './chromium.ts'
import { scanAccessibility } from './axe-scan.ts'
import { waitFor } from './bench-kit.ts'

interface PageSpec {
  name: string
  path?: string
  discover?: { from: string; pattern: string; fallback?: string }
  /** Kept out of search engines on purpose: SEO is then met when "is-crawlable" is its only failing audit. */
  noindex?: boolean
}
interface AuditConfig {
  lighthouse: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
  axe: { maxSeriousOrCritical: number }
  htmlChecker: { maxErrors: number }
  languages: string[]
  pages: PageSpec[]
}

const args = process.argv.slice(2)
const config = JSON.parse(readFileSync('audit.config.json', 'utf8')) as AuditConfig
const PORT = 3495
const origin = `http://127.0.0.1:${PORT}`
const failures: string[] = []
const report: string[] = []

async function resolvePath(lang: string, page: PageSpec): Promise<string | null> {
  if (page.path) return `/${lang}${page.path === '/' ? '' : page.path}`
  if (!page.discover) return null
  const html = await (await fetch(`${origin}/${lang}${page.discover.from}`)).text()
  const found = new RegExp(`/${lang}${page.discover.pattern}`).exec(html.replaceAll('&amp;', '&'))?.[0]
  return found ?? (page.discover.fallback ? `/${lang}${page.discover.fallback}` : null)
}

function lighthouse(url: string, preset: 'mobile' | 'desktop', attempt = 1): LighthouseResult {
  const out = join(tmpdir(), `lh-${Date.now()}.json`)
  const flags = ['--headless=new', ...CHROMIUM_ARGS].join(' ')
  const result = spawnSync(
    'lighthouse',
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${flags}`,
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    // Lighthouse measures the full browser a visitor runs, `--headless=new`, not the test shell.
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || FULL_CHROMIUM_PATH }, encoding: 'utf8', timeout: 180_000 },
  )
  if (result.status !== 0) {
    // Lighthouse now and then loses its own trace (NO_NAVSTART); one more run tells a flake from a fault.
    if (attempt === 1 && /NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(result.stderr ?? '')) return lighthouse(url, preset, 2)
    throw new Error(`lighthouse failed for ${url}: ${result.stderr?.slice(-500)}`)
  }
  const json = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string }> }>
    audits: Record<string, { score: number | null; title: string; numericValue?: number; scoreDisplayMode?: string }>
  }
  rmSync(out, { force: true })
  const scores = Object.fromEntries(Object.entries(json.categories).map(([key, value]) => [key, Math.round((value.score ?? 0) * 100)]))
  const failing = Object.entries(json.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map(([id, audit]) => `${id} (${audit.title})`)
  const seoFailing = (json.categories.seo?.auditRefs ?? [])
    .map((ref) => ref.id)
    .filter((id) => json.audits[id]?.score !== null && (json.audits[id]?.score ?? 1) < 1 && json.audits[id]?.scoreDisplayMode === 'binary')
  return { scores, failing, seoFailing, lcp: json.audits['largest-contentful-paint']?.numericValue, cls: json.audits['cumulative-layout-shift']?.numericValue }
}

interface LighthouseResult {
  scores: Record<string, number>
  failing: string[]
  seoFailing: string[]
  lcp: number | undefined
  cls: number | undefined
}

function htmlChecker(urls: string[]) {
  const jar = 'node_modules/vnu-jar/build/dist/vnu.jar'
  const result = spawnSync('java', ['-Dnu.validator.servlet.allow-forbidden-hosts=true', '-jar', jar, '--format', 'json', '--stdout', ...urls], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  })
  const messages = (JSON.parse(result.stdout || '{"messages":[]}') as { messages: Array<{ type: string; url: string; message: string; subType?: string }> })
    .messages
  return messages.filter((message) => message.type === 'error')
}

async function main() {
  if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const dataDir = mkdtempSync(join(tmpdir(), 'expo-audit-'))
  const server: ChildProcess = spawn('node', ['server/index.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_ORIGIN: origin },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let browser: Browser | null = null
  try {
    // Ready, not only alive: demo content and migrations done, so no seeding competes with the measurements.
    await waitFor(`${origin}/HealthCheck/Ready`, 120_000)
    const urls: Array<{ name: string; url: string; noindex: boolean }> = []
    for (const lang of config.languages) {
      for (const page of config.pages) {
        const path = await resolvePath(lang, page)
        if (path) urls.push({ name: `${page.name} (${lang})`, url: `${origin}${path}`, noindex: page.noindex === true })
        else failures.push(`${page.name} (${lang}): no such page to audit`)
      }
    }
    // Lighthouse first, alone: a second browser open beside it skews its CPU-based timings.
    for (const { name, url, noindex } of urls) {
      const presets = args.includes('--desktop-only')
        ? (['desktop'] as const)
        : args.includes('--mobile-only')
          ? (['mobile'] as const)
          : (['mobile', 'desktop'] as const)
      for (const preset of presets) {
        const result = lighthouse(url, preset)
        const line = `${name.padEnd(26)} ${preset.padEnd(7)} ${Object.entries(result.scores)
          .map(([key, value]) => `${key} ${value}`)
          .join('  ')}  LCP ${Math.round(result.lcp ?? 0)} ms  CLS ${(result.cls ?? 0).toFixed(3)}`
        console.log(line)
        report.push(line)
        for (const [category, minimum] of Object.entries(config.lighthouse)) {
          const score = result.scores[category] ?? 0
          if (category === 'seo' && noindex) {
            if (result.seoFailing.join() !== 'is-crawlable')
              failures.push(`${name} ${preset}: SEO audits failing other than noindex: ${result.seoFailing.join(', ')}`)
            continue
          }
          if (score < minimum) failures.push(`${name} ${preset}: ${category} ${score} < ${minimum} (${result.failing.slice(0, 6).join('; ')})`)
        }
      }
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    for (const { name, url } of urls) {
      for (const viewport of [
        { width: 375, height: 800 },
        { width: 1280, height: 900 },
      ]) {
        const context = await browser.newContext({ viewport })
        const page = await context.newPage()
        await page.goto(url, { waitUntil: 'networkidle' })
        const axe = await scanAccessibility(page)
        const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        if (serious.length > config.axe.maxSeriousOrCritical)
          failures.push(`${name} at ${viewport.width}px: axe ${serious.map((violation) => violation.id).join(', ')}`)
        await context.close()
      }
    }
    const errors = htmlChecker(urls.map((entry) => entry.url))
    for (const error of errors) console.log(`HTML: ${error.url.replace(origin, '')}: ${error.message}`)
    if (errors.length > config.htmlChecker.maxErrors) failures.push(`Nu HTML Checker: ${errors.length} error(s)`)
    mkdirSync('bench/results', { recursive: true })
    writeFileSync(
      'bench/results/audit-latest.md',
      `# Page audit ${new Date().toISOString()}\n\n${report.map((line) => `    ${line}`).join('\n')}\n\n${failures.length ? failures.map((failure) => `- ${failure}`).join('\n') : 'All thresholds met.'}\n`,
    )
  } finally {
    await browser?.close()
    server.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (failures.length) {
    console.error(`\nBelow the thresholds of audit.config.json:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
  console.log('\nAll thresholds met.')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
