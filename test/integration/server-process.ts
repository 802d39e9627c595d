import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openPglite } from '../../server/db/client.ts'
import { migrate } from '../../server/db/migrate.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * A build of the pages for `node server/index.ts` that needs no `npm run build` (which runs after
 * these tests): client manifests with one entry each (the public pages and the console), and server
 * renders that answer `?slow=<ms>` after that long. Everything else is the real server: config, database, platform, page cache, listener.
 */
export function stubBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'expo-stub-dist-'))
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true })
  mkdirSync(join(dir, 'server'), { recursive: true })
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true } }))
  // The organiser's console is a build of its own beside the public one (vite.config.ts).
  writeFileSync(
    join(dir, 'client', '.vite', 'console-manifest.json'),
    JSON.stringify({ 'src/console/entry-client.tsx': { file: 'assets/console.js', isEntry: true } }),
  )
  const slowRender = `export async function render({ request }) {
  const slow = Number(new URL(request.url).searchParams.get('slow') ?? 0)
  await new Promise((resolve) => setTimeout(resolve, slow))
  return { kind: 'response', response: new Response(null, { status: 200, headers: { 'x-rendered-after': String(slow) } }) }
}
`
  writeFileSync(join(dir, 'server', 'entry-server.js'), slowRender)
  writeFileSync(join(dir, 'server', 'console-entry-server.js'), slowRender)
  return dir
}

/**
 * An embedded database directory with every migration applied, to copy for each server: booting
 * then skips the migrations, the slow part of a start on a busy machine.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'expo-migrated-'))
  const db = await openPglite(dir)
  await migrate(db)
  await db.close()
  return dir
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  origin: string
  stderr(): string
  /** Resolves with the exit code (or signal) and when it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
  cleanup(): void
}

/** `node server/index.ts` in production mode on a fresh data directory, as a container would start it. */
export async function startServer(
  options: { env?: Record<string, string>; stdio?: StdioOptions; dist?: string; dataFrom?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'expo-server-'))
  if (options.dataFrom) cpSync(options.dataFrom, dataDir, { recursive: true })
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'info',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...(options.dist ? { DIST_DIR: options.dist } : {}),
      ...options.env,
    },
    stdio: options.stdio ?? ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }))
  })
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    exited,
    cleanup() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Waits until the instance says it is ready (migrations done, listening). */
export async function waitReady(server: ServerProcess, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited during boot: ${server.stderr()}`)
    try {
      if ((await fetch(`${server.origin}/HealthCheck/Ready`)).ok) return
    } catch {}
    if (Date.now() > until) throw new Error(`the server was not ready in time: ${server.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
