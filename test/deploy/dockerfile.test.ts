import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { dockerIgnored } from './dockerignore.ts'

/**
 * The Dockerfile's own build and start steps, read from it and performed in a scratch copy without
 * an engine: the build stage's copies (through .dockerignore) and commands, then the runtime
 * stage's copies from it, and the server started from there. Steps only an engine can take (apt,
 * Node's stripped binary, /data) are proven by scripts/container-check.sh.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
// Continuation lines joined; comments dropped.
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
const stages = instructions.reduce<string[][]>((all, line) => {
  if (/^FROM /i.test(line)) all.push([line])
  else all.at(-1)?.push(line)
  return all
}, [])
const NODE = join(ROOT, 'node_modules/.bin/node')
const scratch = mkdtempSync(join(tmpdir(), 'expo-image-'))
let server: ChildProcess | undefined

afterAll(() => {
  server?.kill('SIGKILL')
  rmSync(scratch, { recursive: true, force: true })
}, 120_000)

describe('Dockerfile lint', () => {
  const [build, node, runtime] = stages as [string[], string[], string[]]
  it('builds on the pinned Node 24 image and runs on plain Debian with that Node, never :latest', () => {
    expect(stages).toHaveLength(3)
    expect(build[0]).toBe('FROM node:24-bookworm-slim AS build')
    expect(node[0]).toBe('FROM node:24-bookworm-slim AS node')
    expect(runtime[0]).toBe('FROM debian:bookworm-slim AS runtime')
    expect(runtime).toContain('COPY --from=node /node /usr/local/bin/node')
    expect(dockerfile).not.toMatch(/:latest\b/)
  })
  it('installs reproducibly and ships only what the server loads', () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/)
    expect(dockerfile).not.toMatch(/npm install\b/)
    expect(dockerfile).toMatch(/npm prune --omit=dev/)
    expect(dockerfile).toMatch(/node scripts\/container\/prune-runtime-modules\.ts/)
  })
  it('copies the build inputs by name, so a change to the docs or tests keeps the build cached', () => {
    for (const line of build.filter((line) => line.startsWith('COPY '))) expect(line).not.toMatch(/^COPY \. /)
  })
  it('runs as a non-root user that cannot write its own code, with a health check, SIGTERM and an exec-form command', () => {
    const userIndex = runtime.findIndex((line) => /^USER /i.test(line))
    const cmdIndex = runtime.findIndex((line) => /^CMD /i.test(line))
    expect(runtime[userIndex]).toMatch(/^USER node$/)
    expect(userIndex).toBeLessThan(cmdIndex)
    expect(runtime.findLastIndex((line) => /^COPY /.test(line))).toBeLessThan(userIndex)
    expect(dockerfile).not.toMatch(/--chown/)
    expect(runtime.some((line) => /^ENV .*NODE_ENV=production/.test(line))).toBe(true)
    expect(runtime.some((line) => /^HEALTHCHECK .*\/HealthCheck\/Get/.test(line))).toBe(true)
    expect(runtime).toContain('STOPSIGNAL SIGTERM')
    expect(runtime[cmdIndex]).toMatch(/^CMD \[".+"\]$/)
    expect(dockerfile).not.toMatch(/^ADD /m)
  })
})

describe('Dockerfile build and start, performed in a scratch copy', () => {
  const build = join(scratch, 'build')
  const runtime = join(scratch, 'runtime')

  it('builds with the build stage commands', { timeout: 900_000 }, () => {
    const ignored = dockerIgnored(ROOT)
    mkdirSync(build, { recursive: true })
    for (const line of stages[0] ?? []) {
      const copy = /^COPY (?!--)(.+) (\S+)$/.exec(line)
      if (copy?.[1] && copy[2]) {
        const sources = copy[1].split(' ')
        for (const source of sources) {
          const target = copy[2].endsWith('/') ? join(build, copy[2], source) : join(build, copy[2])
          cpSync(join(ROOT, source), target, { recursive: true, filter: (path) => path === join(ROOT, source) || !ignored(path.slice(ROOT.length + 1)) })
        }
      }
      const run = /^RUN (.+)$/.exec(line)?.[1]
      if (!run) continue
      execFileSync('sh', ['-c', run], {
        cwd: build,
        stdio: 'pipe',
        env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, NODE_ENV: '' },
      })
    }
    expect(existsSync(join(build, 'dist/client/.vite/manifest.json'))).toBe(true)
    expect(existsSync(join(build, 'dist/server/entry-server.js'))).toBe(true)
    // Development tools, optional peers and browser-only packages are gone; what the server loads stays.
    for (const gone of ['vitest', 'typescript', 'hls.js', 'node', '.bin']) expect(existsSync(join(build, 'node_modules', gone)), gone).toBe(false)
    for (const kept of ['express', 'sharp', 'pg', '@electric-sql/pglite']) expect(existsSync(join(build, 'node_modules', kept)), kept).toBe(true)
    // Of the Noto Sans SC weights only the two the PDF tickets use.
    expect(
      readdirSync(join(build, 'node_modules/@expo-google-fonts/noto-sans-sc'))
        .filter((name) => /^\d00/.test(name))
        .sort(),
    ).toEqual(['400Regular', '700Bold'])
    // No test files reach the image.
    expect(existsSync(join(build, 'server/config.test.ts'))).toBe(false)
  })

  it('assembles the runtime stage and starts as an unprivileged user, healthy, and stops on SIGTERM', { timeout: 180_000 }, async () => {
    mkdirSync(runtime, { recursive: true })
    const env: Record<string, string> = {}
    for (const line of stages.at(-1) ?? []) {
      const copy = /^COPY --from=build (.+) (\S+)$/.exec(line)
      if (copy?.[1] && copy[2]) {
        const sources = copy[1].split(' ')
        for (const source of sources) {
          const target = copy[2].endsWith('/') || sources.length > 1 ? join(runtime, copy[2], source.split('/').pop() as string) : join(runtime, copy[2])
          cpSync(join(build, source.replace(/^\/app\/?/, '')), target, { recursive: true })
        }
      }
      // Steps inside /app are replayed here; those outside it (apt, fontconfig's cache, /data) need an engine.
      const run = /^RUN (.+)$/.exec(line)?.[1]
      if (run && !/apt-get|\/data|\/etc\//.test(run)) execFileSync('sh', ['-c', run], { cwd: runtime, stdio: 'pipe' })
      const envLine = /^ENV (.+)$/.exec(line)?.[1]
      if (envLine) for (const pair of envLine.split(/\s+/)) env[pair.split('=')[0] as string] = pair.split('=').slice(1).join('=')
    }
    const port = await freePort()
    const dataDir = join(scratch, 'data')
    mkdirSync(dataDir)
    for (const dir of [scratch, runtime, dataDir]) chmodSync(dir, 0o777)
    execFileSync('chmod', ['-R', 'a+rX', runtime])
    const command = /^CMD (\[.+\])$/.exec((stages.at(-1) ?? []).find((line) => line.startsWith('CMD ')) ?? '')?.[1]
    const [, ...commandArgs] = JSON.parse(command ?? '[]') as string[]
    const asRoot = process.getuid?.() === 0
    // setpriv execs in place, so SIGTERM reaches node itself, as it does in the container.
    const launcher = asRoot ? 'setpriv' : NODE
    const launcherArgs = asRoot ? ['--reuid=nobody', '--regid=nogroup', '--clear-groups', NODE, ...commandArgs] : commandArgs
    server = spawn(launcher, launcherArgs, {
      cwd: runtime,
      env: { PATH: process.env.PATH ?? '', ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    server.stdout?.on('data', (chunk) => (output += chunk))
    server.stderr?.on('data', (chunk) => (output += chunk))
    const healthy = await poll(async () => (await fetch(`http://127.0.0.1:${port}/HealthCheck/Get`)).ok, 120_000)
    expect(healthy, output).toBe(true)
    // The HEALTHCHECK command itself, as the image runs it.
    const check = /HEALTHCHECK .*CMD (\[.+\])$/.exec((stages.at(-1) ?? []).find((line) => line.startsWith('HEALTHCHECK')) ?? '')?.[1]
    const [, ...checkArgs] = JSON.parse(check ?? '[]') as string[]
    execFileSync(NODE, checkArgs, { env: { ...process.env, PORT: String(port) } })
    const page = await fetch(`http://127.0.0.1:${port}/en`)
    expect(page.status).toBe(200)
    const exited = new Promise<number | null>((resolveExit) => server?.on('exit', (code) => resolveExit(code)))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function poll(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if (await check()) return true
    } catch {}
    await new Promise((resolveWait) => setTimeout(resolveWait, 500))
  }
  return false
}
