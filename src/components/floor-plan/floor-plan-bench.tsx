import { gzipSync } from 'node:zlib'
import { renderToString } from 'react-dom/server'
import { FloorPlan } from './floor-plan.tsx'
import { largeHall } from './large-hall.ts'

/**
 * What scripts/bench-floor-plan.ts times (loaded through Vite, which compiles the JSX): 500 booths
 * rendered on the server `runs` times, each render's milliseconds, and the last one's size.
 */
export function benchFloorPlan(count: number, runs: number): { times: number[]; bytes: number; gzipBytes: number } {
  const { hall, booths } = largeHall(count)
  const render = () => renderToString(<FloorPlan hall={hall} booths={booths} title="Floor plan of hall A" />)
  for (let warm = 0; warm < 5; warm++) render()
  const times: number[] = []
  let html = ''
  for (let run = 0; run < runs; run++) {
    const start = performance.now()
    html = render()
    times.push(performance.now() - start)
  }
  return { times, bytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length }
}
