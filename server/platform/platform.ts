import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Router } from 'express'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { Config } from '../config.ts'
import { type DemoContentState, trackDemoContent } from '../content/demo-marks.ts'
import type { Database, Queryable } from '../db/client.ts'
import type { Geo } from '../geo/geo.ts'
import { createReadCache, dispatch, Registry, type GatewayObserver, type PlatformRequest, type PlatformResponse, type StaffGate } from './gateway.ts'
import { ANSWER_FLOORS, type AnswerFloors } from './answer-floors.ts'
import { createJobs, JOBS_CHANNEL, type Jobs } from './jobs.ts'
import { createMailTransport, MAIL_JOB, sendDueMail, type MailTransport } from './mailer.ts'
import { createPasswordHasher, type PasswordHasher } from './passwords.ts'
import { createRateLimits, type RateLimits } from './rate-limits.ts'
import { type DocumentSigning, loadDocumentSigning } from './document-signing.ts'
import { createTokenSigner, loadSecret, newVisitorId, type TokenSigner } from './tokens.ts'

export type IssuedToken = ReturnType<TokenSigner['issue']>

/**
 * Domain services, one property per domain. Each domain adds its own with declaration merging in
 * its index.ts, so no central file lists them:
 *   declare module '../platform.ts' { interface Services { exhibitions: ExhibitionService } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each domain
export interface Services {}

/** What changed, so that rendered-page caches and other readers can drop what they hold. */
export interface ContentChange {
  /** e.g. 'exhibitions', 'news', 'tickets'; '*' for everything. */
  scope: string
}

export interface Platform {
  readonly config: Config
  readonly db: Database
  readonly logger: Logger
  readonly registry: Registry
  readonly tokens: TokenSigner
  /** Signs the PDFs the site issues and reads uploaded ones' signatures (docs/product.md#document-signatures). */
  readonly documents: DocumentSigning
  readonly rateLimits: RateLimits
  readonly geo: Geo
  readonly jobs: Jobs
  /** The process's one argon2id pool, for visitors' and staff's passwords alike. */
  readonly passwords: PasswordHasher
  /** How long answers that must not tell whether something exists take at least (answer-floors.ts). */
  readonly answerFloors: AnswerFloors
  readonly mail: { transport: MailTransport; from: string }
  readonly services: Services
  readonly domains: readonly Domain[]
  /** Whether a user's session is live; the accounts domain may replace it (e.g. with a cache). */
  isSessionActive: (sessionId: string) => Promise<boolean>
  /**
   * The token a browser gets from POST /api/token and with a rendered page: a visitor token by
   * default; the accounts domain replaces it to give a logged-in visitor (login cookie) their own.
   */
  issueBrowserToken: (cookies: Record<string, string>) => Promise<IssuedToken>
  /** How the console gateway finds a staff member; the staff domain sets it (null: no console). */
  staffGate: StaffGate | null
  /** Domains call this after a committed write that changes what a page shows. */
  contentChanged(change: ContentChange): void
  onContentChanged(listener: (change: ContentChange) => void): () => void
  /** Whether the database still holds demo content (asked again after every content change). */
  readonly demo: DemoContentState
  dispatch(request: PlatformRequest): Promise<PlatformResponse>
  close(): Promise<void>
}

export interface Domain {
  name: string
  /** Lower runs first; domains that others read at setup time go first. Default 100. */
  order?: number
  setup(platform: Platform): void | Promise<void>
  /**
   * Demo content of this domain, written once into a database that has none (recorded in
   * seed_runs, so a restart never duplicates it). Runs in domain order after every setup,
   * inside one transaction with the seed_runs record: use only `tx` for its writes.
   */
  seed?(platform: Platform, tx: Queryable): Promise<void>
  /**
   * HTTP routes that are not gateway functions (the OAuth2 endpoints, the embedded login page,
   * multipart uploads, payment pages and webhooks). Mounted before the pages; paths must start with
   * one of the reserved prefixes of server/app.ts (/api, /oauth2, /login, /pay, /uploads) so that
   * they never collide with a language-prefixed page.
   */
  routes?(router: Router, platform: Platform): void
  /** Kinds of editorial content this domain imports and exports (npm run content; the demo content). */
  content?: ContentKind[]
  /**
   * Public pages this domain's content creates, for sitemap.xml: paths after `/{lang}`
   * (e.g. `/backDetail/12`), with the time they last changed.
   */
  sitemap?(platform: Platform): Promise<SitemapEntry[]>
}

export interface SitemapEntry {
  path: string
  lastModified?: Date
}

/**
 * One kind of content in a content folder (`<folder>/<kind.folder>/*.json` or `*.md`), used by
 * `npm run content -- import|export <folder>` and by seeding the demo folder `content/demo`.
 */
export interface ContentKind {
  /** e.g. 'exhibitions', 'news', 'videos', 'bulletins' */
  name: string
  /** Sub-folder of a content folder that holds this kind. */
  folder: string
  /** Kinds that must be imported first (e.g. videos may refer to exhibitions). */
  after?: string[]
  /**
   * Checks one file without writing. Returns field errors keyed by a path inside the file
   * (`texts.zh-cn.title`) with a readable English message, or an empty object.
   */
  validate(file: ContentFile): Record<string, string>
  /** Inserts or updates the item of one valid file (idempotent by its slug or id). */
  importFile(tx: Queryable, file: ContentFile, platform: Platform): Promise<void>
  /** Every item of this kind as files, the same format importFile reads. */
  exportAll(db: Queryable): Promise<ContentFile[]>
}

export interface ContentFile {
  /** File name inside the kind's folder, e.g. 'bangkok-2027.json' or 'calendar-2026.md' (both in content/demo). */
  name: string
  /** JSON files: the parsed value. Markdown files: { frontMatter, body }. */
  data: unknown
}

export interface PlatformOptions {
  config: Config
  db: Database
  logger: Logger
  geo: Geo
  redis?: Redis
  observer?: GatewayObserver
  /** Only these domains (tests of one domain); default: every folder under server/platform with an index.ts. */
  domains?: string[]
  /**
   * Tests only: lighter password hashing and shorter answer floors, so that a suite of thousands of
   * sign-ins does not spend minutes on them; the tests of the floors themselves pass ANSWER_FLOORS.
   */
  passwords?: PasswordHasher
  answerFloors?: AnswerFloors
}

const PLATFORM_DIR = fileURLToPath(new URL('./', import.meta.url))
const CONTENT_CHANNEL = 'content_changed'
/** The scope of the local change that empties the caches when the banner comes or goes (no one else needs telling). */
const DEMO_FLIPPED = 'demo-banner'

export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { config, db, logger } = options
  const registry = new Registry()
  const instanceId = randomUUID()
  const readCache = createReadCache()
  const tokens = createTokenSigner(await loadSecret(db, 'access-token', config.TOKEN_SECRET))
  const documents = await loadDocumentSigning(db, config)
  const events = new EventEmitter()
  events.setMaxListeners(50)
  // Every content change, here or on another instance, drops the kept answers.
  events.on('content', () => readCache.clear())
  const demo = await trackDemoContent(
    db,
    () => events.emit('content', { scope: DEMO_FLIPPED }),
    (error) => logger.warn({ err: error }, 'could not tell whether demo content is present'),
  )
  events.on('content', (change: ContentChange) => {
    if (change.scope !== DEMO_FLIPPED) void demo.refresh()
  })
  const jobs = createJobs(logger)
  const mailTransport = createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR })
  const mailFrom = config.MAIL_FROM ?? `${config.BRAND_NAME} <${config.CONTACT_EMAIL}>`

  const passwords = options.passwords ?? createPasswordHasher()
  const platform: Platform = {
    config,
    db,
    logger,
    registry,
    tokens,
    documents,
    rateLimits: createRateLimits(options.redis),
    geo: options.geo,
    jobs,
    passwords,
    answerFloors: options.answerFloors ?? ANSWER_FLOORS,
    mail: { transport: mailTransport, from: mailFrom },
    services: {} as Services,
    domains: [],
    async isSessionActive(sessionId) {
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false
      const result = await db.query('select 1 from sessions where id = $1 and revoked_at is null and expires_at > now()', [sessionId])
      return result.rows.length > 0
    },
    async issueBrowserToken() {
      return tokens.issue({ kind: 'visitor', visitorId: newVisitorId() })
    },
    staffGate: null,
    demo,
    contentChanged(change) {
      events.emit('content', change)
      // Other instances on the same database drop their page caches too.
      db.notify(CONTENT_CHANNEL, JSON.stringify({ from: instanceId, scope: change.scope })).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not tell other instances about a content change'),
      )
    },
    onContentChanged(listener) {
      events.on('content', listener)
      return () => events.off('content', listener)
    },
    dispatch(request) {
      return dispatch(
        {
          registry,
          tokens,
          isSessionActive: (sessionId) => platform.isSessionActive(sessionId),
          checkResults: !config.isProduction,
          staff: platform.staffGate,
          siteOrigin: new URL(config.PUBLIC_ORIGIN).origin,
          ...(config.READ_CACHE === 'on' ? { readCache } : {}),
          ...(options.observer ? { observer: options.observer } : {}),
        },
        request,
      )
    },
    async close() {
      await jobs.stop()
      if (!options.passwords) await passwords.close()
    },
  }

  jobs.every(MAIL_JOB, 2_000, () => sendDueMail(db, mailTransport, mailFrom))
  // A committed transaction asks for the round its work needs (nudgeAfterCommit).
  await db.listen(JOBS_CHANNEL, (name) => jobs.nudge(name))
  await db.listen(
    CONTENT_CHANNEL,
    (payload) => {
      try {
        const message = JSON.parse(payload) as { from?: string; scope?: string }
        if (message.from !== instanceId && typeof message.scope === 'string') events.emit('content', { scope: message.scope })
      } catch {
        // Not ours.
      }
    },
    // Changes told while the connection was down are lost: drop every cache rather than serve them stale.
    () => events.emit('content', { scope: '*' }),
  )

  const domains = await loadDomains(options.domains)
  ;(platform as { domains: readonly Domain[] }).domains = domains
  for (const domain of domains) {
    await domain.setup(platform)
  }
  return platform
}

async function loadDomains(only?: string[]): Promise<Domain[]> {
  const names = readdirSync(PLATFORM_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${PLATFORM_DIR}${entry.name}/index.ts`))
    .map((entry) => entry.name)
    .filter((name) => !only || only.includes(name))
  const domains: Domain[] = []
  for (const name of names) {
    const module = (await import(pathToFileURL(`${PLATFORM_DIR}${name}/index.ts`).href)) as { domain?: Domain }
    if (!module.domain) throw new Error(`server/platform/${name}/index.ts must export a \`domain\``)
    domains.push(module.domain)
  }
  return domains.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.name.localeCompare(b.name))
}
