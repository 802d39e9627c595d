// npm run profile:render [-- --renders=N --path=/en/ --accept-language=...]
// CPU of one page request with the page cache off (a home render at 2 ms or less). Boots
// the production build (DIST_DIR, default dist; run `npm run build` first) in this process with a
// fresh embedded database and the demo content, sends N requests one after another and reads
// process.cpuUsage() around each: the whole request (middleware, loaders, React, compression), the
// loaders and routing (render()), and React's renderToString alone. Prints median and p90 of each,
// and the sizes of the HTML and of its hydration state.
// For a flame graph of the measured requests alone (boot, seeding and warm-up left out):
// --cpu-profile=out/render.cpuprofile, then open it in Chromium's DevTools (Performance, load profile).
// --allocations: the bytes a request allocates (V8's sampling heap profiler, collected objects
// included) and the functions that allocate most: what the young generation's scavenges and the old
// generation's marking have to go through per page (docs/performance.md#marking-tail).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { type HeapProfiler, Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pino } from 'pino'
import type { RenderInput, RenderOutput } from '../src/entry-server.tsx'
import { createServerHandler } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { seedDemoContent } from '../server/platform/seed.ts'
import { createGeo } from '../server/geo/geo.ts'
import { loadIpCountryDatabase } from '../server/geo/ip-country.ts'
import { createAssetResolver } from '../server/http/assets.ts'
import { createPlatform } from '../server/platform/platform.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const RENDERS = Number(option('renders', '400'))
const WARMUP = Math.min(100, RENDERS)
const PATH = option('path', '/en/')
const CPU_PROFILE = option('cpu-profile', '')
const ALLOCATIONS = args.includes('--allocations')
/** One sample per this many bytes allocated, on average (V8's default is 32 KB). */
const ALLOCATION_SAMPLE_BYTES = 4096
// What a phone's browser sends: the response is compressed as it would be for a visitor.
const HEADERS = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'accept-encoding': 'br, gzip',
  'accept-language': option('accept-language', 'en'),
}

// React and React Router pick their production builds from NODE_ENV when first imported.
process.env.NODE_ENV = 'production'
const dataDir = mkdtempSync(join(tmpdir(), 'profile-render-'))
const config = parseConfig({ ...process.env, NODE_ENV: 'production', PAGE_CACHE: 'off', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' })
const logger = pino({ level: 'warn' })
const geo = createGeo(loadIpCountryDatabase())
const db = await openDatabase({ dataDir })
await migrate(db)
const platform = await createPlatform({ config, db, logger, geo })
await seedDemoContent(platform)

const distDir = resolve(config.DIST_DIR)
const entry = (await import(pathToFileURL(join(distDir, 'server', 'entry-server.js')).href)) as typeof import('../src/entry-server.tsx')

type Sample = { request: number; loaders: number; react: number }
let current: Sample = { request: 0, loaders: 0, react: 0 }
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}
// The same render the server uses, with the CPU of its two halves recorded.
const render = async (input: RenderInput): Promise<RenderOutput> => {
  const start = process.cpuUsage()
  const output = await entry.render(input)
  current.loaders = cpuMs(start)
  if (output.kind !== 'document') return output
  return {
    ...output,
    renderToString() {
      const reactStart = process.cpuUsage()
      const html = output.renderToString()
      current.react = cpuMs(reactStart)
      return html
    },
  }
}
const { handler } = createServerHandler({
  config,
  logger,
  platform,
  geo,
  render,
  assets: createAssetResolver(join(distDir, 'client')),
  clientDir: join(distDir, 'client'),
})
const server = createServer((req, res) => {
  const start = process.cpuUsage()
  res.on('finish', () => {
    current.request = cpuMs(start)
  })
  handler(req, res)
})
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`

const samples: Sample[] = []
let html = ''
const inspector = CPU_PROFILE || ALLOCATIONS ? new Session() : null
for (let index = 0; index < WARMUP + RENDERS; index++) {
  if (inspector && index === WARMUP) {
    inspector.connect()
    if (CPU_PROFILE) {
      await inspector.post('Profiler.enable')
      await inspector.post('Profiler.start')
    }
    if (ALLOCATIONS) {
      await inspector.post('HeapProfiler.enable')
      await inspector.post('HeapProfiler.startSampling', {
        samplingInterval: ALLOCATION_SAMPLE_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      })
    }
  }
  current = { request: 0, loaders: 0, react: 0 }
  const response = await fetch(url, { headers: { ...HEADERS, 'accept-encoding': index === 0 ? 'identity' : HEADERS['accept-encoding'] } })
  if (response.status !== 200) throw new Error(`${PATH} answered ${response.status}`)
  // Only the first body is decoded to a string: this client's decoding would count as the server's allocations.
  if (index === 0) html = await response.text()
  else await response.arrayBuffer()
  if (index >= WARMUP) samples.push(current)
}
let allocations: HeapProfiler.SamplingHeapProfile | null = null
if (inspector) {
  if (CPU_PROFILE) {
    const { profile } = await inspector.post('Profiler.stop')
    writeFileSync(CPU_PROFILE, JSON.stringify(profile))
  }
  if (ALLOCATIONS) allocations = (await inspector.post('HeapProfiler.stopSampling')).profile
  inspector.disconnect()
}
server.close()
await platform.close()
await db.close()
rmSync(dataDir, { recursive: true, force: true })

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0
}
const state = /<script id="app-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`
console.log(`${PATH}: ${RENDERS} requests after ${WARMUP} warm-up, page cache off, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`)
console.log('CPU ms per request       median     p90')
for (const [label, key] of [
  ['whole request', 'request'],
  ['loaders and routing', 'loaders'],
  ['React renderToString', 'react'],
] as const) {
  const values = samples.map((sample) => sample[key])
  console.log(`${label.padEnd(24)} ${percentile(values, 0.5).toFixed(2).padStart(6)}  ${percentile(values, 0.9).toFixed(2).padStart(6)}`)
}
console.log(`HTML ${kb(html)}, hydration state ${kb(state)}`)
if (allocations) printAllocations(allocations, RENDERS)

/** Bytes per request in all, and the functions that allocate most of them themselves. */
function printAllocations(profile: HeapProfiler.SamplingHeapProfile, requests: number) {
  const byFunction = new Map<string, number>()
  let total = 0
  const visit = (node: HeapProfiler.SamplingHeapProfileNode) => {
    const frame = node.callFrame
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize)
    total += node.selfSize
    for (const child of node.children) visit(child)
  }
  visit(profile.head)
  const perRequest = (bytes: number) => `${(bytes / requests / 1024).toFixed(1).padStart(7)} KB`
  console.log(`Allocated per request (sampled every ${ALLOCATION_SAMPLE_BYTES / 1024} KB): ${perRequest(total).trim()}; the largest allocators:`)
  for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${perRequest(bytes)}  ${name}`)
}
