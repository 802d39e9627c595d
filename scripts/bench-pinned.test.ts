import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { machine } from 'node:os'
import { imageRuntime } from './bench-kit.ts'
import { gcSeconds, loopDelayOf, memoryOf, parsePrometheus, parseWrk } from './bench-pinned.ts'

const WRK = `Running 5s test @ http://127.0.0.1:5800/en
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    42.10ms   11.20ms 310.00ms   90.00%
    Req/Sec   240.00     20.00   300.00     70.00%
  Latency Distribution
     50%  850.00us
     75%   45.00ms
     90%   60.00ms
     99%    1.20s
  1200 requests in 5.01s, 12.00MB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 4
Requests/sec:    239.52
Transfer/sec:      2.40MB
`

describe('parseWrk', () => {
  it('reads the rate, the count and the percentiles in their own units', () => {
    expect(parseWrk(WRK)).toEqual({ requestsPerSecond: 239.52, p50: 0.85, p99: 1200, requests: 1200, non2xx: 7 })
  })

  it('counts no failures when wrk reports none', () => {
    const clean = WRK.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '')
    expect(parseWrk(clean).non2xx).toBe(0)
  })

  it('refuses a report without its latency distribution (wrk run without --latency)', () => {
    expect(() => parseWrk(WRK.replace(/ {5}99%.*\n/, ''))).toThrow(/99th percentile/)
  })
})

const METRICS = `# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 400000000
nodejs_heap_size_total_bytes 200000000
nodejs_heap_size_used_bytes 90000000
nodejs_external_memory_bytes 230000000
nodejs_array_buffers_bytes 25000000
db_embedded_memory_bytes 190000000
page_cache_bytes 34603
nodejs_eventloop_lag_p99_seconds 0.0125
nodejs_eventloop_lag_max_seconds 0.2
nodejs_gc_duration_seconds_sum{kind="minor"} 0.5
nodejs_gc_duration_seconds_sum{kind="major"} 0.25
nodejs_gc_duration_seconds_count{kind="major"} 3
`

describe('reading /metrics', () => {
  const samples = parsePrometheus(METRICS)

  it('keeps samples with their labels and skips comments', () => {
    expect(samples.get('nodejs_gc_duration_seconds_count{kind="major"}')).toBe(3)
    expect([...samples.keys()].some((name) => name.startsWith('#'))).toBe(false)
  })

  it('says what holds the memory', () => {
    expect(memoryOf(samples)).toEqual({
      rss: 400_000_000,
      heapUsed: 90_000_000,
      heapTotal: 200_000_000,
      external: 230_000_000,
      arrayBuffers: 25_000_000,
      pageCache: 34_603,
      embeddedDatabase: 190_000_000,
    })
  })

  it('adds the GC time of every kind, and not the counts', () => {
    expect(gcSeconds(samples)).toBe(0.75)
  })

  it('gives the event-loop delay in milliseconds', () => {
    expect(loopDelayOf(samples)).toEqual({ p99: 12.5, max: 200 })
  })

  it('reads an absent figure as 0 (PostgreSQL has no embedded memory)', () => {
    expect(memoryOf(parsePrometheus('process_resident_memory_bytes 1\n')).embeddedDatabase).toBe(0)
  })
})

describe('the server as the image runs it', () => {
  const image = (preload: string) =>
    [
      'FROM debian:bookworm-slim AS runtime',
      'ENV NODE_ENV=production \\',
      `    LD_PRELOAD=${preload} \\`,
      '    MALLOC_CONF=background_thread:true,dirty_decay_ms:2000',
      'CMD ["node", "--max-semi-space-size=16", "server/index.ts"]',
    ].join('\n')

  it("takes Node's flags from the command and preloads the image's library from where Debian puts it here", () => {
    // libc is on every Debian machine, at the same multiarch path as libjemalloc2 would be.
    const runtime = imageRuntime(image('/usr/local/lib/libc.so.6'))
    expect(runtime.nodeFlags).toEqual(['--max-semi-space-size=16'])
    expect(runtime.env).toEqual({ LD_PRELOAD: `/usr/lib/${machine()}-linux-gnu/libc.so.6`, MALLOC_CONF: 'background_thread:true,dirty_decay_ms:2000' })
  })

  it('measures with glibc, and says so, when this machine lacks the library', () => {
    const runtime = imageRuntime(image('/usr/local/lib/libnot-installed.so.2'))
    expect(runtime.env).toEqual({})
    expect(runtime.allocator).toMatch(/^glibc malloc \(the image preloads \/usr\/local\/lib\/libnot-installed\.so\.2/)
  })

  it('reads the repository’s own Dockerfile', () => {
    expect(imageRuntime().nodeFlags).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=20'])
  })

  it('when the site is served by npm, then Node runs with the image’s flags', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.serve).toBe(['node', ...imageRuntime().nodeFlags, 'server/index.ts'].join(' '))
  })
})
