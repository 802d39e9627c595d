// What the bench scripts share: waiting for a server, reading a page as a browser gets it, and the
// baseline that answers those bytes as fast as node:http can.
import { type ChildProcess, spawn } from 'node:child_process'
import { get } from 'node:http'

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
