import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DOCKERFILE, dockerfileStages, stageCommand, stageEnv } from '../../scripts/container/dockerfile.ts'
import { dockerIgnored } from './dockerignore.ts'

/**
 * The Dockerfile's own build and start steps, read from it and performed in a scratch copy without
 * an engine: the build stage's copies (through .dockerignore) and commands, then the runtime
 * stage's copies from it, and the server started from there. The build stage's `npm ci` and
 * `npm run build` are not repeated: the CI run performed both once already, and what they would
 * make here is checked to be what the run has (fromRunInstall, fromRunBuild); the pruning after them
 * is performed. Steps only an engine can take (apt, Node's stripped binary, /data) are proven by
 * scripts/container-check.sh.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const dockerfile = readFileSync(DOCKERFILE, 'utf8')
const stages = dockerfileStages(dockerfile)
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
  it('preloads the allocator its apt step installs, by a path that holds on every architecture', () => {
    const env = stageEnv(runtime)
    expect(env.LD_PRELOAD).toBe('/usr/local/lib/libjemalloc.so.2')
    const install = runtime.find((line) => /^RUN .*apt-get install/.test(line)) ?? ''
    expect(install).toMatch(/\blibjemalloc2\b/)
    expect(install).toContain('ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2')
    expect(env.MALLOC_CONF).toMatch(/dirty_decay_ms:\d+/)
  })
})

describe('Dockerfile build and start, performed in a scratch copy', () => {
  const build = join(scratch, 'build')
  const runtime = join(scratch, 'runtime')

  it("builds with the build stage commands, on the run's one install and one build", { timeout: 900_000 }, () => {
    const ignored = dockerIgnored(ROOT)
    mkdirSync(build, { recursive: true })
    const copied: string[] = []
    const runModules = readFileSync(join(ROOT, 'node_modules/.package-lock.json'), 'utf8')
    for (const line of stages[0] ?? []) {
      const copy = /^COPY (?!--)(.+) (\S+)$/.exec(line)
      if (copy?.[1] && copy[2]) {
        const sources = copy[1].split(' ')
        for (const source of sources) {
          const target = copy[2].endsWith('/') ? join(build, copy[2], source) : join(build, copy[2])
          cpSync(join(ROOT, source), target, { recursive: true, filter: (path) => path === join(ROOT, source) || !ignored(path.slice(ROOT.length + 1)) })
          copied.push(source.replace(/^\.\/|\/$/g, ''))
        }
      }
      const run = /^RUN (.+)$/.exec(line)?.[1]
      if (!run) continue
      for (const command of run.split(/\s+&&\s+/)) {
        // The run's own `npm ci` and `npm run build` (CI runs each once) stand in for the image's:
        // what they would make is checked to be what the run has, then the rest is performed.
        if (/^npm ci\b/.test(command)) fromRunInstall(command, build)
        else if (/^npm run build$/.test(command)) fromRunBuild(build, copied, ignored)
        else {
          execFileSync('sh', ['-c', command], {
            cwd: build,
            stdio: 'pipe',
            env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, NODE_ENV: '' },
          })
        }
      }
    }
    // The pruning happened on hard links of the run's install: the run's own tree is untouched.
    expect(readFileSync(join(ROOT, 'node_modules/.package-lock.json'), 'utf8')).toBe(runModules)
    for (const kept of ['vitest', '.bin/vitest', 'typescript']) expect(existsSync(join(ROOT, 'node_modules', kept)), kept).toBe(true)
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
    const env = stageEnv(stages.at(-1) ?? [])
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
    }
    // The allocator is put in place by the apt step, which only an engine takes; a preload that is
    // missing would only make the loader complain on every start.
    if (env.LD_PRELOAD && !existsSync(env.LD_PRELOAD)) delete env.LD_PRELOAD
    const port = await freePort()
    const dataDir = join(scratch, 'data')
    mkdirSync(dataDir)
    for (const dir of [scratch, runtime, dataDir]) chmodSync(dir, 0o777)
    execFileSync('chmod', ['-R', 'a+rX', runtime])
    const [, ...commandArgs] = stageCommand(stages.at(-1) ?? [])
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

/**
 * The image's `npm ci`, as the run already performed it: the same command in .ci/run, and the run's
 * node_modules holding exactly the lockfile's packages (npm's record of the tree, each at the locked
 * version and integrity; only optional packages for other platforms absent). The build copy gets
 * that tree as hard links (nothing copied), with npm's record of it as a file of its own, since
 * `npm prune` rewrites that one in place.
 */
function fromRunInstall(command: string, build: string) {
  expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(new RegExp(`^${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'))
  type Lock = { packages: Record<string, { version?: string; integrity?: string; optional?: boolean }> }
  const locked = (JSON.parse(readFileSync(join(build, 'package-lock.json'), 'utf8')) as Lock).packages
  const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules/.package-lock.json'), 'utf8')) as Lock).packages
  for (const [path, entry] of Object.entries(installed)) {
    expect({ path, version: entry.version, integrity: entry.integrity }).toEqual({ path, version: locked[path]?.version, integrity: locked[path]?.integrity })
  }
  const absent = Object.keys(locked).filter((path) => path && !(path in installed))
  expect(absent.filter((path) => !locked[path]?.optional)).toEqual([])
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(build, 'node_modules')])
  rmSync(join(build, 'node_modules/.package-lock.json'))
  copyFileSync(join(ROOT, 'node_modules/.package-lock.json'), join(build, 'node_modules/.package-lock.json'))
}

/**
 * The image's `npm run build`, as the run already performed it (`npm test` builds before these
 * tests): every file of the checkout the build read (listed by vite.config.ts beside each manifest,
 * plus the build script, the scripts it runs and the configuration) is one the build stage copies
 * and .dockerignore lets through, and none changed after the build. The run's dist/ is then the
 * build copy's.
 */
function fromRunBuild(build: string, copied: string[], ignored: (path: string) => boolean) {
  const lists = ['client/.vite/inputs-client.json', 'client/.vite/inputs-console.json', 'server/.vite/inputs-server.json'].map((list) =>
    join(ROOT, 'dist', list),
  )
  for (const list of lists) expect(existsSync(list), `${list}: no build to check; run npm run build first`).toBe(true)
  const builtAt = Math.min(...lists.map((list) => statSync(list).mtimeMs))
  const named = [...readFileSync(join(ROOT, 'scripts/build.ts'), 'utf8').matchAll(/'(scripts\/[\w/-]+\.ts)'/g)].map((match) => match[1] as string)
  const buildScripts = ['scripts/build.ts', ...named]
  const inputs = new Set([
    ...lists.flatMap((list) => JSON.parse(readFileSync(list, 'utf8')) as string[]),
    ...buildScripts,
    'package.json',
    'vite.config.ts',
    'tsconfig.json',
    'bundle-budget.json',
  ])
  expect(inputs.size).toBeGreaterThan(buildScripts.length + 100)
  const notCopied = [...inputs].filter((path) => ignored(path) || !copied.some((source) => path === source || path.startsWith(`${source}/`)))
  expect(notCopied, 'read by the build but not in the build stage').toEqual([])
  const newer = [...inputs].filter((path) => statSync(join(ROOT, path)).mtimeMs > builtAt)
  expect(newer, 'changed after the build in dist/: run npm run build').toEqual([])
  cpSync(join(ROOT, 'dist'), join(build, 'dist'), { recursive: true })
}

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
