import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { dockerIgnored } from './dockerignore.ts'

/**
 * The deployment files, read with a YAML parser: what a cluster admits under the "restricted" Pod
 * Security profile, what `kubectl apply -f deploy/k8s/` may and may not change, and what the compose
 * stack and its nginx promise (docs/going-live.md).
 */
const ROOT = resolve(import.meta.dirname, '../..')
const K8S = join(ROOT, 'deploy/k8s')

// biome-ignore lint/suspicious/noExplicitAny: manifests are free-form YAML
type Doc = Record<string, any>

function yamlDocs(dir: string): Doc[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .flatMap((name) => parseAllDocuments(readFileSync(join(dir, name), 'utf8')).map((doc): Doc => ({ ...(doc.toJS() as Doc), file: name })))
    .filter((doc) => doc.kind)
}

/** What `kubectl apply -f deploy/k8s/` applies: the folder's own files, not its subfolders. */
const applied = yamlDocs(K8S)
const examples = yamlDocs(join(K8S, 'examples'))
const podSpecs = applied.flatMap((doc) => {
  if (doc.kind === 'Deployment' || doc.kind === 'Job') return [{ name: `${doc.kind}/${doc.metadata.name}`, spec: doc.spec.template.spec as Doc }]
  if (doc.kind === 'CronJob') return [{ name: `${doc.kind}/${doc.metadata.name}`, spec: doc.spec.jobTemplate.spec.template.spec as Doc }]
  return []
})
const of = (kind: string) => applied.filter((doc) => doc.kind === kind)
const deployment = of('Deployment')[0] as Doc

describe('Kubernetes manifests', () => {
  it('when applied as a folder, then every workload is there, and examples are not', () => {
    expect(podSpecs.map((pod) => pod.name).sort()).toEqual(['Deployment/aurum-expo', expect.stringMatching(/^Job\/aurum-expo-migrate-/)])
    expect(of('Secret')).toEqual([])
    expect(of('Ingress')).toEqual([])
  })

  it('when a pod is admitted under the restricted profile, then every pod and container carries its settings', () => {
    for (const { name, spec } of podSpecs) {
      expect(spec.securityContext, name).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } })
      expect(spec.securityContext.runAsUser, name).toBeGreaterThan(0)
      const tmp = (spec.volumes as Doc[]).find((volume) => volume.emptyDir !== undefined && volume.name === 'tmp')
      for (const container of [...(spec.initContainers ?? []), ...spec.containers] as Doc[]) {
        const where = `${name} ${container.name}`
        expect(container.securityContext, where).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true })
        expect(container.securityContext.capabilities?.drop, where).toContain('ALL')
        expect(container.securityContext.capabilities?.add, where).toBeUndefined()
        // A read-only root needs a writable /tmp.
        expect(tmp, where).toBeDefined()
        expect(container.volumeMounts, where).toContainEqual({ name: 'tmp', mountPath: '/tmp' })
      }
    }
  })

  it('when an HPA scales the Deployment, then the Deployment names no replica count to reset it', () => {
    const hpa = of('HorizontalPodAutoscaler')[0] as Doc
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name })
    expect(deployment.spec.replicas).toBeUndefined()
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2)
  })

  it('when nodes are drained or lost, then a disruption budget and a topology spread keep replicas apart and up', () => {
    const labels = deployment.spec.template.metadata.labels
    const pdb = of('PodDisruptionBudget')[0] as Doc
    expect(labels).toMatchObject(pdb.spec.selector.matchLabels)
    expect(pdb.spec.maxUnavailable ?? 0).toBeLessThanOrEqual(1)
    const spread = deployment.spec.template.spec.topologySpreadConstraints as Doc[]
    expect(spread.map((constraint) => constraint.topologyKey)).toContain('kubernetes.io/hostname')
    for (const constraint of spread) expect(labels).toMatchObject(constraint.labelSelector.matchLabels)
  })

  it('when a release ships, then its migration Job is a new one named after it and cleaned up after', () => {
    const job = of('Job')[0] as Doc
    const tag = (deployment.spec.template.spec.containers[0].image as string).split(':').pop() as string
    expect(job.metadata.generateName, 'kubectl apply refuses generateName').toBeUndefined()
    expect(job.metadata.name).toBe(`aurum-expo-migrate-${tag.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`)
    expect(job.spec.template.spec.containers[0].image).toBe(deployment.spec.template.spec.containers[0].image)
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0)
  })

  it('when the probes ask, then liveness is /HealthCheck/Get and readiness /HealthCheck/Ready', () => {
    const site = deployment.spec.template.spec.containers[0]
    expect(site.livenessProbe.httpGet.path).toBe('/HealthCheck/Get')
    expect(site.startupProbe.httpGet.path).toBe('/HealthCheck/Get')
    expect(site.readinessProbe.httpGet.path).toBe('/HealthCheck/Ready')
  })

  it('when the example Secret is applied by mistake, then it cannot replace the Secret the pods read', () => {
    const read = new Set(podSpecs.flatMap(({ spec }) => (spec.containers as Doc[]).flatMap((c) => (c.envFrom ?? []).map((from: Doc) => from.secretRef?.name))))
    const secrets = examples.filter((doc) => doc.kind === 'Secret')
    expect(secrets.length).toBeGreaterThan(0)
    for (const secret of secrets) expect(read.has(secret.metadata.name), secret.metadata.name).toBe(false)
  })

  it('when the ingress example is used, then it routes to the Service by port name', () => {
    const ingress = examples.find((doc) => doc.kind === 'Ingress') as Doc
    const service = of('Service')[0] as Doc
    const backend = ingress.spec.rules[0].http.paths[0].backend.service
    expect(backend.name).toBe(service.metadata.name)
    expect(service.spec.ports.map((port: Doc) => port.name)).toContain(backend.port.name)
  })

  it('when deployed, then nothing turns the demo content on', () => {
    for (const doc of of('ConfigMap')) expect(doc.data.DEMO_CONTENT).toBeUndefined()
  })
})

describe('compose stack', () => {
  const text = readFileSync(join(ROOT, 'compose.yaml'), 'utf8')
  const compose = parse(text, { merge: true }) as Doc
  const sites = ['site-1', 'site-2'].map((name) => compose.services[name] as Doc)

  it('when an optional variable is not set, then it is not passed on as an empty string', () => {
    expect(text).not.toMatch(/\$\{\w+:-\}/)
    for (const site of sites) {
      for (const [name, value] of Object.entries(site.environment as Record<string, unknown>)) expect(value, name).not.toBe('')
    }
  })

  it('when the organiser configures wallet passes in the environment, then every replica is given each wallet variable, and the Secret template names them', () => {
    const wallets = [
      'APPLE_PASS_TYPE_ID',
      'APPLE_TEAM_ID',
      'APPLE_PASS_P12',
      'APPLE_PASS_PASSPHRASE',
      'APPLE_WWDR_PEM',
      'GOOGLE_WALLET_ISSUER_ID',
      'GOOGLE_WALLET_CLASS_SUFFIX',
      'GOOGLE_WALLET_SERVICE_ACCOUNT',
    ]
    const secret = readFileSync(join(ROOT, 'deploy/k8s/examples/secret.example.yaml'), 'utf8')
    for (const name of wallets) {
      for (const site of sites) expect(Object.keys(site.environment as Record<string, unknown>), name).toContain(name)
      expect(secret, name).toContain(`--from-literal=${name}=`)
    }
  })

  it('when it runs, then it is a real deployment without demo content, on a read-only root', () => {
    for (const service of [...sites, compose.services.migrate]) {
      expect(service.environment.DEMO_CONTENT).toBeFalsy()
      expect(service.read_only).toBe(true)
      expect(service.tmpfs).toContain('/tmp')
    }
  })

  it('when the replicas start, then their health check is readiness, and the proxy waits for it', () => {
    for (const site of sites) expect(site.healthcheck.test.join(' ')).toContain('/HealthCheck/Ready')
    expect(compose.services.proxy.depends_on).toMatchObject({ 'site-1': { condition: 'service_healthy' }, 'site-2': { condition: 'service_healthy' } })
  })

  it('when nginx resolves the replicas by name, then its version supports `resolve` (1.27.3 or later)', () => {
    const [major, minor, patch = 99] = (/nginx:(\d+)\.(\d+)(?:\.(\d+))?/.exec(compose.services.proxy.image) ?? []).slice(1).map(Number)
    expect(major === 1 && ((minor as number) > 27 || (minor === 27 && patch >= 3))).toBe(true)
  })
})

describe('nginx in front of the replicas', () => {
  const conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8').replace(/#.*$/gm, '')
  const upstream = /upstream site \{([^}]*)\}/.exec(conf)?.[1] ?? ''

  it('when a replica restarts with a new address, then nginx asks the DNS again within seconds', () => {
    const valid = /resolver 127\.0\.0\.11 valid=(\d+)s/.exec(conf)?.[1]
    expect(Number(valid)).toBeLessThanOrEqual(10)
    expect(upstream).toMatch(/\bzone \w+ \d+k;/)
    const servers = upstream.match(/^\s*server .+;$/gm) ?? []
    expect(servers.length).toBe(2)
    for (const server of servers) expect(server).toMatch(/\bresolve\b/)
  })

  it('when a replica is gone, then nginx gives up on it in seconds and tries the other, for idempotent requests only', () => {
    expect(Number(/proxy_connect_timeout (\d+)s;/.exec(conf)?.[1])).toBeLessThanOrEqual(5)
    expect(conf).toMatch(/proxy_next_upstream error timeout http_502 http_503;/)
    expect(conf).not.toMatch(/non_idempotent/)
  })

  it('when proxying, then connections to the replicas are kept alive', () => {
    expect(upstream).toMatch(/keepalive \d+;/)
    expect(conf).toMatch(/proxy_http_version 1\.1;/)
    expect(conf).toMatch(/proxy_set_header Connection "";/)
  })
})

describe('image build context', () => {
  const ignored = dockerIgnored(ROOT)
  it('when the image is built, then secrets, local data, builds and test output stay out of the context', () => {
    for (const path of [
      '.env',
      '.env.production',
      'server/.env',
      'data/expo.db',
      'dist/client/app.js',
      'dist-h1/x',
      'node_modules/express/index.js',
      '.git/config',
      'test-results/x.png',
      'out/screens/home.png',
      'docs/going-live.md',
      'README.md',
      'server/config.test.ts',
    ]) {
      expect(ignored(path), path).toBe(true)
    }
    for (const path of [
      'package.json',
      'package-lock.json',
      'server/index.ts',
      'src/entry-server.tsx',
      'shared/contracts/tickets.ts',
      'public/favicon.svg',
      'locales/en/common.json',
      'scripts/staff.ts',
    ]) {
      expect(ignored(path), path).toBe(false)
    }
  })
})
