import { resolve } from 'node:path'
import { z } from 'zod'
import { chooseBases } from './environments.ts'
import { openP12 } from './platform/kit/pdf-signature.ts'
import { walletCredentials } from './platform/kit/wallet-credentials.ts'
import { ALL_URL_LANGUAGES, REQUIRED_URL_LANGUAGES, type UrlLanguage } from '../shared/languages.ts'

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(z.url({ protocol: /^https?$/ }))
  .optional()

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)
const optionalText = z.string().trim().optional()

const optionalNumber = (schema: z.ZodNumber) => z.coerce.number().pipe(schema).optional()

/**
 * What Express's `trust proxy` accepts: a boolean, a hop count, or a comma-separated list of
 * addresses, subnets and the names loopback / linklocal / uniquelocal.
 * https://expressjs.com/en/guide/behind-proxies.html
 */
const trustProxy = z
  .string()
  .trim()
  .default('loopback')
  .transform((value, ctx): boolean | number | string[] => {
    if (value === 'true') return true
    if (value === 'false') return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const named = new Set(['loopback', 'linklocal', 'uniquelocal'])
    const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i
    const bad = entries.filter((entry) => !named.has(entry) && !address.test(entry))
    if (bad.length) ctx.addIssue({ code: 'custom', message: `not an address, subnet or known name: ${bad.join(', ')}` })
    return entries
  })

const siteLanguages = z
  .string()
  .trim()
  .default(ALL_URL_LANGUAGES.join(','))
  .transform((value, ctx) => {
    const codes = [
      ...new Set(
        value
          .split(',')
          .map((code) => code.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]
    const unknown = codes.filter((code) => !(ALL_URL_LANGUAGES as readonly string[]).includes(code))
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown language(s) ${unknown.join(', ')}; known: ${ALL_URL_LANGUAGES.join(', ')}` })
    // The specification's three languages are always live (docs/product.md#languages).
    for (const required of REQUIRED_URL_LANGUAGES) if (!codes.includes(required)) codes.push(required)
    return ALL_URL_LANGUAGES.filter((code) => codes.includes(code)) as UrlLanguage[]
  })

const email = z.email()

/** The demo brand's identity: the defaults of a try-out, which a real deployment replaces (server/going-live.ts). */
export const DEMO_IDENTITY = {
  brandName: 'Aurum Expo',
  contactEmail: 'contact@aurum-expo.example',
  qaEmail: 'quality@aurum-expo.example',
  socialLinks:
    'x=https://x.com/aurumexpo,facebook=https://www.facebook.com/aurumexpo,linkedin=https://www.linkedin.com/company/aurumexpo,youtube=https://www.youtube.com/@aurumexpo,telegram=https://t.me/aurumexpo',
}

const schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('data'),
  /** Where `npm run build` wrote the client and server bundles. */
  DIST_DIR: z.string().trim().min(1).default('dist'),
  TRUST_PROXY: trustProxy,
  PUBLIC_ORIGIN: optionalUrl,
  SITE_LANGUAGES: siteLanguages,
  GATEWAY_URL: optionalUrl,
  /** The test set of base addresses, used only when ENVIRONMENT is exactly "test" (docs/product.md#environments). */
  GATEWAY_URL_TEST: optionalUrl,
  BROKER_SITE_URL_TEST: optionalUrl,
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Connections one instance keeps to DATABASE_URL (one more is held for notifications). Instances times
   * this must stay under the server's max_connections, or under a pooler in front of it
   * (docs/performance.md#many-instances).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  BROKER_SITE_URL: optionalUrl,
  /** The environment name sent in the ENVIRONMENT header (docs/product.md#environments). */
  ENVIRONMENT: z.string().trim().min(1).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COMPRESSION: z.enum(['on', 'off']).default('on'),
  BRAND_NAME: z.string().trim().min(1).max(60).default(DEMO_IDENTITY.brandName),
  CONTACT_EMAIL: email.default(DEMO_IDENTITY.contactEmail),
  QA_EMAIL: email.default(DEMO_IDENTITY.qaEmail),
  /** Comma-separated name=url pairs, e.g. "x=https://x.com/acme,youtube=https://youtube.com/@acme". */
  SOCIAL_LINKS: z
    .string()
    .trim()
    .default(DEMO_IDENTITY.socialLinks)
    .transform((value, ctx) => {
      const links: Array<{ name: string; url: string }> = []
      for (const pair of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const separator = pair.indexOf('=')
        const name = pair.slice(0, separator).trim()
        const url = pair.slice(separator + 1).trim()
        if (separator < 1 || !/^[a-z0-9-]{1,20}$/.test(name) || !URL.canParse(url) || !/^https?:/.test(url)) {
          ctx.addIssue({ code: 'custom', message: `not a name=https-url pair: ${pair}` })
          continue
        }
        links.push({ name, url })
      }
      return links
    }),
  /** Secret for signing access tokens; when absent one is generated once and kept in the database. */
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seals exhibitors' CRM webhook secrets (docs/product.md#lead-webhooks); when absent one is generated once and kept in the database. */
  LEAD_WEBHOOK_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Tests and development only: CRM webhooks may call this machine's loopback, over http too (docs/product.md#lead-webhooks). */
  LEAD_WEBHOOK_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /**
   * The organiser's key and certificate that sign every PDF the site issues (docs/product.md#document-signatures):
   * a PKCS#12 file (.p12/.pfx) in base64, and its passphrase. Unset: a self-signed certificate is made once and kept in the database.
   */
  DOCUMENT_SIGNING_P12: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/\s]+={0,2}$/, 'must be a PKCS#12 file in base64 (base64 -w0 organiser.p12)')
    .optional(),
  DOCUMENT_SIGNING_PASSPHRASE: z.string().optional(),
  /**
   * Apple Wallet passes of tickets (docs/product.md#wallet-passes): all four or none, the passphrase
   * beside the PKCS#12 when it has one. Unset: no Apple Wallet button, no .pkpass route.
   */
  APPLE_PASS_TYPE_ID: z
    .string()
    .trim()
    .regex(/^pass(\.[A-Za-z0-9-]+){2,}$/, 'must be a Pass Type ID in reverse-DNS form, e.g. pass.com.example.tickets')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, 'must be the ten-character Team ID of the Apple developer account')
    .optional(),
  APPLE_PASS_P12: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/\s]+={0,2}$/, 'must be the Pass Type ID certificate and key as a PKCS#12 file in base64 (base64 -w0 pass.p12)')
    .optional(),
  APPLE_PASS_PASSPHRASE: z.string().optional(),
  /** Apple's WWDR intermediate certificate (G4): PEM text, or the PEM or DER file in base64. */
  APPLE_WWDR_PEM: z.string().optional(),
  /** Google Wallet "save" links of tickets (docs/product.md#wallet-passes): all three or none. */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'must be the issuer id (digits) of the Google Pay & Wallet console')
    .optional(),
  GOOGLE_WALLET_CLASS_SUFFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be the event ticket class suffix (letters, digits, ".", "_", "-")')
    .optional(),
  /** The service account's JSON key in base64 (its client_email and RSA private_key sign the links). */
  GOOGLE_WALLET_SERVICE_ACCOUNT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/\s]+={0,2}$/, "must be the service account's JSON key in base64 (base64 -w0 key.json)")
    .optional(),
  /** The OAuth2 client of the site (docs/product.md#oauth): the secret and provision key never reach the browser. */
  OAUTH_CLIENT_ID: z.string().trim().min(1).default('expo-site'),
  OAUTH_CLIENT_SECRET: z.string().min(16).optional(),
  OAUTH_PROVISION_KEY: z.string().min(16).optional(),
  LOGIN_ORIGIN: optionalUrl,
  ORDER_PAYMENT_MINUTES: positiveInt(30),
  /**
   * A payment still being confirmed this long after the payer paid is settled from its record (the
   * sandbox, if no instance did it on time) or asked about at the card provider (docs/product.md#payment-confirmation).
   */
  PAYMENT_CHECK_SECONDS: optionalNumber(z.number().int().min(5).max(3600)).transform((value) => value ?? 120),
  UPLOAD_MAX_MB: positiveInt(10),
  /** The organiser's console: a staff session ends after this many minutes without a call (docs/product.md#console). */
  STAFF_IDLE_MINUTES: positiveInt(30),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** Messages from the organiser and reminders together: at most this many mails written to the outbox per minute (docs/product.md#messages, docs/product.md#reminders-before-the-exhibition). */
  MESSAGES_PER_MINUTE: positiveInt(600),
  /** The shared secret of POST /api/mail-events, where the mail provider reports bounces and complaints (docs/product.md#unsubscribe); unset: no such endpoint. */
  MAIL_EVENTS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  STRIPE_SECRET_KEY: z.string().trim().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().startsWith('whsec_').optional(),
  ANALYTICS_SCRIPT_URL: optionalUrl,
  TAG_SCRIPT_URL: optionalUrl,
  TCPLAY_LICENCE_KEY: z.string().trim().optional(),
  TCPLAY_LICENCE_URL: optionalUrl,
  /** Uploaded media in S3-compatible object storage (all four or none; docs/product.md#console-media); otherwise on disk under DATA_DIR/media. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** The bucket's region; us-east-1 when not set (MinIO and R2 accept any). */
  S3_REGION: optionalText,
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Keep answers of caller-independent read functions (contract cacheSeconds) until content changes. */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE_TTL_SECONDS: positiveInt(30),
  PAGE_CACHE_MAX_MB: positiveInt(64),
  /** Seed the demo into an empty database; unset means on for the embedded database only (docs/decisions/0013-demo-content-and-going-live.md). */
  DEMO_CONTENT: z.enum(['on', 'off']).optional(),
  /** Set by Kubernetes in every pod: there, a missing DATABASE_URL is a mistake, not a try-out. */
  KUBERNETES_SERVICE_HOST: optionalText,
  /** On Kubernetes, run the embedded database anyway (one pod with a persistent volume, on purpose). */
  EMBEDDED_DATABASE: z.enum(['on', 'off']).default('off'),
  /** Bearer token that /metrics asks for; without it (and without METRICS_PORT) production serves no metrics. */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** A second, private listener that serves only /metrics; the site's own port then has none. */
  METRICS_PORT: optionalNumber(z.number().int().min(1).max(65535)),
  /** After SIGTERM: readiness says 503 at once and the listener stays open this long (default 5 s in production, 0 otherwise). */
  SHUTDOWN_DRAIN_SECONDS: optionalNumber(z.number().min(0).max(300)),
  /** After SIGTERM the process is gone within this many seconds, whatever hangs. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
})

export type Config = ReturnType<typeof parseConfig>

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

const isLoopbackOrigin = (origin: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname)

/** Every variable the site reads (the schema's keys), for the emptiness rule and its test. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as Array<keyof typeof schema.shape>

/**
 * An orchestrator forwards a variable nobody filled in as the empty string (compose's
 * `${STRIPE_SECRET_KEY:-}`): blank means unset, for every variable at once, so that no field's own
 * check can forget it and defaults apply to blank values too.
 */
function withoutBlanks(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const cleaned: Record<string, string | undefined> = {}
  for (const name of CONFIG_VARIABLES) {
    const value = env[name]
    if (value !== undefined && value.trim() !== '') cleaned[name] = value
  }
  return cleaned
}

/** Parses the environment once at boot; every bad variable is reported together. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = schema.safeParse(withoutBlanks(env))
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`))
  }
  const raw = result.data
  const problems: string[] = []
  if (raw.DOCUMENT_SIGNING_PASSPHRASE && !raw.DOCUMENT_SIGNING_P12) problems.push('DOCUMENT_SIGNING_PASSPHRASE: set, but DOCUMENT_SIGNING_P12 is not')
  if (raw.DOCUMENT_SIGNING_P12) {
    try {
      openP12(Buffer.from(raw.DOCUMENT_SIGNING_P12, 'base64'), raw.DOCUMENT_SIGNING_PASSPHRASE ?? '')
    } catch (error) {
      problems.push(`DOCUMENT_SIGNING_P12: ${(error as Error).message} (DOCUMENT_SIGNING_PASSPHRASE)`)
    }
  }
  const wallets = walletCredentials(raw)
  problems.push(...wallets.problems)
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set')
  if (raw.NODE_ENV === 'production' && raw.DATABASE_URL && !raw.TOKEN_SECRET) {
    // Several instances share one database, so the generated secret in the database serves them all;
    // nothing to do. The check exists to document that this combination is intended.
  }
  const drainSeconds = raw.SHUTDOWN_DRAIN_SECONDS ?? (raw.NODE_ENV === 'production' ? 5 : 0)
  if (raw.SHUTDOWN_TIMEOUT_SECONDS <= drainSeconds) {
    problems.push(`SHUTDOWN_TIMEOUT_SECONDS: must be longer than the drain (SHUTDOWN_DRAIN_SECONDS = ${drainSeconds})`)
  }
  if (raw.LEAD_WEBHOOK_LOOPBACK === 'on' && raw.PUBLIC_ORIGIN && !isLoopbackOrigin(raw.PUBLIC_ORIGIN)) {
    // A site the world reaches must not let an exhibitor point its server at the server's own machine.
    problems.push('LEAD_WEBHOOK_LOOPBACK: only for tests and development; PUBLIC_ORIGIN is not on this machine (localhost or 127.0.0.1)')
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  const s3Missing = s3.filter((name) => !raw[name])
  if (s3Missing.length && s3Missing.length < s3.length) {
    problems.push(
      `${s3Missing.join(', ')}: required when ${s3.filter((name) => raw[name]).join(', ')} ${s3.length - s3Missing.length === 1 ? 'is' : 'are'} set (media go to S3 only with all four)`,
    )
  }
  if (raw.S3_REGION && s3Missing.length) problems.push('S3_REGION: set, but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not')
  if (raw.S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(raw.S3_BUCKET))
    problems.push('S3_BUCKET: not a bucket name (3–63 lower-case letters, digits, dots and hyphens)')
  if (raw.METRICS_PORT !== undefined && raw.METRICS_PORT === raw.PORT) problems.push('METRICS_PORT: must differ from PORT')
  const gatewayUrl = chooseBases(raw.ENVIRONMENT, { test: raw.GATEWAY_URL_TEST, production: raw.GATEWAY_URL })
  if (raw.KUBERNETES_SERVICE_HOST && !raw.DATABASE_URL && !gatewayUrl && raw.EMBEDDED_DATABASE !== 'on') {
    // A pod's filesystem goes with the pod: its own embedded database would lose every order on a
    // restart and give each replica different data.
    problems.push(
      'DATABASE_URL: required on Kubernetes (KUBERNETES_SERVICE_HOST is set); without it this pod would run its own embedded database inside the container. Set DATABASE_URL to the PostgreSQL server, or EMBEDDED_DATABASE=on for a single pod with a persistent volume on purpose.',
    )
  }
  if (problems.length) throw new ConfigError(problems)
  const publicOrigin = raw.PUBLIC_ORIGIN ?? `http://localhost:${raw.PORT}`
  return {
    ...raw,
    // The README's try-out (embedded database) shows the demo; a real database starts empty unless asked.
    DEMO_CONTENT: raw.DEMO_CONTENT ?? (raw.DATABASE_URL ? 'off' : 'on'),
    GATEWAY_URL: gatewayUrl,
    BROKER_SITE_URL: chooseBases(raw.ENVIRONMENT, { test: raw.BROKER_SITE_URL_TEST, production: raw.BROKER_SITE_URL }),
    DATA_DIR: resolve(raw.DATA_DIR),
    DIST_DIR: resolve(raw.DIST_DIR),
    PUBLIC_ORIGIN: publicOrigin,
    LOGIN_ORIGIN: raw.LOGIN_ORIGIN ?? publicOrigin,
    SHUTDOWN_DRAIN_SECONDS: drainSeconds,
    /** True when PUBLIC_ORIGIN was not given and links point at localhost (see publicOriginProblem). */
    publicOriginGuessed: raw.PUBLIC_ORIGIN === undefined,
    isProduction: raw.NODE_ENV === 'production',
    secureCookies: publicOrigin.startsWith('https:'),
    /** The wallets whose accounts are configured (docs/product.md#wallet-passes); null: that wallet is off. */
    wallets: { apple: wallets.apple, google: wallets.google },
  }
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i

/**
 * Canonical links, the sitemap and e-mails carry PUBLIC_ORIGIN; without it they say
 * http://localhost:PORT. A production server that others can reach refuses to start so; one that
 * listens on loopback only (`npm start` on a laptop, a benchmark) starts with a loud warning.
 */
export function publicOriginProblem(config: Config): { refuse: boolean; message: string } | null {
  if (!config.isProduction || !config.publicOriginGuessed) return null
  const refuse = !LOOPBACK_HOST.test(config.HOST)
  return {
    refuse,
    message: refuse
      ? `PUBLIC_ORIGIN: required in production when listening on ${config.HOST} (canonical links, the sitemap and e-mails would say ${config.PUBLIC_ORIGIN})`
      : `PUBLIC_ORIGIN is not set: canonical links, the sitemap and e-mails say ${config.PUBLIC_ORIGIN}. Set it to the public address of the site.`,
  }
}

/** The part of the configuration the browser may see; nothing secret ever goes here. */
export function publicConfig(config: Config) {
  return {
    brandName: config.BRAND_NAME,
    contactEmail: config.CONTACT_EMAIL,
    qaEmail: config.QA_EMAIL,
    socialLinks: config.SOCIAL_LINKS,
    publicOrigin: config.PUBLIC_ORIGIN,
    languages: config.SITE_LANGUAGES,
    brokerSiteUrl: config.BROKER_SITE_URL ?? null,
    gatewayUrl: config.GATEWAY_URL ?? null,
    loginOrigin: config.LOGIN_ORIGIN,
    environment: config.ENVIRONMENT,
    uploadMaxMb: config.UPLOAD_MAX_MB,
    analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL ?? null,
    tagScriptUrl: config.TAG_SCRIPT_URL ?? null,
    tcPlay: { licenceKey: config.TCPLAY_LICENCE_KEY ?? null, licenceURL: config.TCPLAY_LICENCE_URL ?? null },
    wallets: { apple: config.wallets.apple !== null, google: config.wallets.google !== null },
  }
}
