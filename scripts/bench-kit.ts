// What the bench scripts share: waiting for a server, reading a page as a browser gets it, and the
// baseline that answers those bytes as fast as node:http can.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { get } from 'node:http'
import { machine } from 'node:os'
import { basename, join } from 'node:path'
import { dockerfileStages, stageCommand, stageEnv } from './container/dockerfile.ts'

export async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

export interface RawPage {
  body: Buffer
  headers: Record<string, string | string[]>
}

/**
 * A page's raw (still compressed) bytes and its headers, on a fresh connection per call: a kept-alive
 * one may be closed by the server just as it is reused between cases.
 */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawPage> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const kept: Record<string, string | string[]> = {}
        // Per-connection headers are node:http's own business on both sides.
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = value
        }
        resolve({ body: Buffer.concat(chunks), headers: kept })
      })
      response.on('error', reject)
    }).on('error', reject)
  })
}

/**
 * node:http answering the stored bytes with the stored headers: what a cache hit cannot beat. The page
 * goes to it on its standard input; `core` pins it to one CPU, as the pinned bench pins the site.
 */
export function startBaseline(page: RawPage, port: number, core?: number): ChildProcess {
  const source = `const http = require('node:http'); const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk)).on('end', () => {
  const page = JSON.parse(Buffer.concat(chunks).toString()); const body = Buffer.from(page.body, 'base64');
  http.createServer((req, res) => { res.writeHead(200, page.headers); res.end(body) }).listen(${port}, '127.0.0.1')
})`
  const command = core === undefined ? ['node', '-e', source] : ['taskset', '-c', String(core), 'node', '-e', source]
  const baseline = spawn(command[0] as string, command.slice(1), { stdio: ['pipe', 'ignore', 'inherit'] })
  baseline.stdin?.end(JSON.stringify({ body: page.body.toString('base64'), headers: page.headers }))
  return baseline
}

export interface ServerRuntime {
  /** Node's flags from the image's `CMD`, before the server's entry file. */
  nodeFlags: string[]
  /** The image's allocator settings, where this machine has the same library. */
  env: Record<string, string>
  /** Which allocator the measured server used, for the report. */
  allocator: string
}

/**
 * The server runs in the benches as the image runs it (the Dockerfile read, not copied): its Node
 * flags, and jemalloc preloaded with the image's settings when Debian's libjemalloc2 is installed
 * here. Without it the report says the figures are glibc's.
 */
export function imageRuntime(dockerfile?: string): ServerRuntime {
  const runtime = dockerfileStages(dockerfile).at(-1) ?? []
  const nodeFlags = stageCommand(runtime).filter((arg) => arg.startsWith('--'))
  const { LD_PRELOAD: preload, MALLOC_CONF: conf } = stageEnv(runtime)
  if (!preload) return { nodeFlags, env: {}, allocator: 'glibc malloc (as the image)' }
  const library = join(`/usr/lib/${machine()}-linux-gnu`, basename(preload))
  if (!existsSync(library)) return { nodeFlags, env: {}, allocator: `glibc malloc (the image preloads ${preload}, which this machine lacks)` }
  return {
    nodeFlags,
    env: { LD_PRELOAD: library, ...(conf ? { MALLOC_CONF: conf } : {}) },
    allocator: `${basename(preload)} (${library}${conf ? `, ${conf}` : ''}), as the image`,
  }
}
