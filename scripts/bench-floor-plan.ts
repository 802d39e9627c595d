// node scripts/bench-floor-plan.ts [--booths=500] [--runs=50]
// Times the server rendering of one hall's floor plan (the SVG of src/components/floor-plan/) with
// every booth sold and linked, as the directory draws it, and prints its size raw and gzipped
// (docs/product.md#floor-plans: under 50 ms and 60 KB gzipped for 500 booths; the size is asserted
// in floor-plan.test.tsx, the time only measured here, since it depends on the machine).
import { createServer } from 'vite'

const args = process.argv.slice(2)
const numberArg = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const BOOTHS = numberArg('booths', 500)
const RUNS = numberArg('runs', 50)

// The component is JSX with a CSS module: Vite's SSR loader compiles both, as the build does.
const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' })
const bench = (await vite.ssrLoadModule(
  '/src/components/floor-plan/floor-plan-bench.tsx',
)) as typeof import('../src/components/floor-plan/floor-plan-bench.tsx')
const { times, bytes, gzipBytes } = bench.benchFloorPlan(BOOTHS, RUNS)
await vite.close()
times.sort((a, b) => a - b)
const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(2)
console.log(`${BOOTHS} booths: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${RUNS} renders`)
console.log(`size: ${(bytes / 1024).toFixed(1)} KB, ${(gzipBytes / 1024).toFixed(1)} KB gzipped`)
