import { describe, expect, it } from 'vitest'
import { CONFIG_VARIABLES, ConfigError, parseConfig, publicOriginProblem } from './config.ts'
import { selfSignedP12 } from './platform/kit/pdf-signature.ts'

describe('PUBLIC_ORIGIN in production', () => {
  it('when a production server reachable from outside has no PUBLIC_ORIGIN, then it refuses to start, naming the variable', () => {
    const problem = publicOriginProblem(parseConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' }))
    expect(problem).toMatchObject({ refuse: true })
    expect(problem?.message).toMatch(/^PUBLIC_ORIGIN: required in production.*http:\/\/localhost:3000/)
  })

  it('when it listens on loopback only (npm start, a benchmark), then it starts with a warning', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(publicOriginProblem(parseConfig({ NODE_ENV: 'production', HOST })), HOST).toMatchObject({ refuse: false })
    }
  })

  it('when PUBLIC_ORIGIN is set, or the site is not in production, then nothing to say', () => {
    expect(publicOriginProblem(parseConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://expo.example' }))).toBeNull()
    expect(publicOriginProblem(parseConfig({ NODE_ENV: 'test', HOST: '0.0.0.0' }))).toBeNull()
  })
})

describe('the database pool', () => {
  it('when DATABASE_POOL_SIZE is unset or empty, then an instance keeps 10 connections; a number in range is taken; anything else is refused by name', () => {
    expect(parseConfig({}).DATABASE_POOL_SIZE).toBe(10)
    expect(parseConfig({ DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBe(10)
    expect(parseConfig({ DATABASE_POOL_SIZE: ' 24 ' }).DATABASE_POOL_SIZE).toBe(24)
    for (const wrong of ['1', '201', 'ten', '2.5']) expect(() => parseConfig({ DATABASE_POOL_SIZE: wrong })).toThrow(/DATABASE_POOL_SIZE/)
  })
})

describe('metrics and shutdown variables', () => {
  it('when nothing is set, then production drains 5 s within 20 s, and other environments do not drain', () => {
    expect(parseConfig({ NODE_ENV: 'production' })).toMatchObject({ SHUTDOWN_DRAIN_SECONDS: 5, SHUTDOWN_TIMEOUT_SECONDS: 20 })
    expect(parseConfig({ NODE_ENV: 'development' })).toMatchObject({ SHUTDOWN_DRAIN_SECONDS: 0 })
    const blank = parseConfig({ METRICS_PORT: '', METRICS_TOKEN: '' })
    expect([blank.METRICS_PORT, blank.METRICS_TOKEN]).toEqual([undefined, undefined])
  })

  it('when the values contradict each other or are too weak, then every problem is listed', () => {
    let error: unknown
    try {
      parseConfig({ SHUTDOWN_DRAIN_SECONDS: '10', SHUTDOWN_TIMEOUT_SECONDS: '10', METRICS_PORT: '3000' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'SHUTDOWN_TIMEOUT_SECONDS: must be longer than the drain (SHUTDOWN_DRAIN_SECONDS = 10)',
      'METRICS_PORT: must differ from PORT',
    ])
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/)
    expect(() => parseConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/)
  })
})

describe('S3 media storage variables', () => {
  const all = { S3_ENDPOINT: 'https://s3.example.com/', S3_BUCKET: 'expo-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' }
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env)
      return []
    } catch (error) {
      return (error as ConfigError).problems
    }
  }

  it('when none or all four are set, then the server starts (empty values mean not set)', () => {
    expect(parseConfig({}).S3_BUCKET).toBeUndefined()
    const empty = parseConfig({ S3_ENDPOINT: '', S3_BUCKET: '', S3_REGION: '' })
    expect([empty.S3_ENDPOINT, empty.S3_BUCKET, empty.S3_REGION]).toEqual([undefined, undefined, undefined])
    expect(parseConfig({ ...all, S3_REGION: 'eu-west-1' })).toMatchObject({
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'expo-media',
      S3_REGION: 'eu-west-1',
    })
  })

  it('when only some are set, then start-up refuses, naming the missing ones', () => {
    expect(problems({ S3_BUCKET: 'expo-media', S3_ENDPOINT: 'https://s3.example.com' })).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT, S3_BUCKET are set (media go to S3 only with all four)',
    ])
    expect(problems({ S3_REGION: 'eu-west-1' })).toEqual(['S3_REGION: set, but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not'])
  })

  it('when the endpoint or bucket is malformed, then start-up refuses', () => {
    expect(problems({ ...all, S3_BUCKET: 'Bad_Bucket' })).toEqual([expect.stringMatching(/^S3_BUCKET: not a bucket name/)])
    expect(problems({ ...all, S3_ENDPOINT: 'ftp://s3.example.com' })[0]).toMatch(/^S3_ENDPOINT/)
  })
})

describe('PAYMENT_CHECK_SECONDS', () => {
  it('when unset or empty, then 120 s; when outside 5 to 3600 s or not a number, then start-up refuses, naming it', () => {
    expect(parseConfig({}).PAYMENT_CHECK_SECONDS).toBe(120)
    expect(parseConfig({ PAYMENT_CHECK_SECONDS: '' }).PAYMENT_CHECK_SECONDS).toBe(120)
    expect(parseConfig({ PAYMENT_CHECK_SECONDS: '60' }).PAYMENT_CHECK_SECONDS).toBe(60)
    for (const value of ['1', '7200', 'soon', '2.5']) expect(() => parseConfig({ PAYMENT_CHECK_SECONDS: value })).toThrow(/PAYMENT_CHECK_SECONDS/)
  })
})

describe('the document signing key (docs/product.md#document-signatures)', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      parseConfig(env)
      return []
    } catch (error) {
      return (error as ConfigError).problems
    }
  }

  it('when a PKCS#12 file and its passphrase are given, then the site starts; unset or empty, it starts too (a generated key)', () => {
    const p12 = selfSignedP12('Aurum Expo', new Date('2027-01-10T08:00:00Z')).toString('base64')
    expect(parseConfig({ DOCUMENT_SIGNING_P12: p12 }).DOCUMENT_SIGNING_P12).toBe(p12)
    expect(parseConfig({ DOCUMENT_SIGNING_P12: '', DOCUMENT_SIGNING_PASSPHRASE: '' }).DOCUMENT_SIGNING_P12).toBeUndefined()
  })

  it('when the file is not base64, not PKCS#12, opened with the wrong passphrase or a passphrase comes alone, then start-up refuses, naming it', () => {
    const p12 = selfSignedP12('Aurum Expo', new Date('2027-01-10T08:00:00Z')).toString('base64')
    expect(problemsOf({ DOCUMENT_SIGNING_P12: 'not base64!' })).toEqual([expect.stringMatching(/^DOCUMENT_SIGNING_P12: must be a PKCS#12 file in base64/)])
    expect(problemsOf({ DOCUMENT_SIGNING_P12: Buffer.from('hello').toString('base64') })).toEqual([
      expect.stringMatching(/^DOCUMENT_SIGNING_P12: not a PKCS#12 file this passphrase opens/),
    ])
    expect(problemsOf({ DOCUMENT_SIGNING_P12: p12, DOCUMENT_SIGNING_PASSPHRASE: 'wrong' })).toEqual([
      expect.stringMatching(/^DOCUMENT_SIGNING_P12: not a PKCS#12 file this passphrase opens/),
    ])
    expect(problemsOf({ DOCUMENT_SIGNING_PASSPHRASE: 'secret' })).toEqual(['DOCUMENT_SIGNING_PASSPHRASE: set, but DOCUMENT_SIGNING_P12 is not'])
  })
})

describe('an empty variable is an unset one', () => {
  it('when any variable of the schema is set to the empty string or only spaces, then the configuration is the one without it', () => {
    const unset = parseConfig({})
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(40)
    for (const name of CONFIG_VARIABLES) {
      for (const blank of ['', '  ', '\t']) expect(parseConfig({ [name]: blank }), `${name}=${JSON.stringify(blank)}`).toEqual(unset)
    }
  })

  it('when compose forwards every optional variable empty, then the site starts with its defaults (PORT= is 3000)', () => {
    const everythingEmpty = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, '']))
    const config = parseConfig({ ...everythingEmpty, NODE_ENV: 'production', TOKEN_SECRET: 't'.repeat(40) })
    expect([config.PORT, config.TOKEN_SECRET]).toEqual([3000, 't'.repeat(40)])
    expect([config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.SMTP_URL, config.S3_BUCKET, config.DATABASE_URL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it('when a variable has a value, then the rule leaves it alone (a bad one is still refused)', () => {
    expect(parseConfig({ PORT: '3501' }).PORT).toBe(3501)
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_live_1' })).toThrow(/STRIPE_SECRET_KEY/)
  })
})

describe('demo content and the database', () => {
  const url = 'postgres://site@db:5432/expo'
  it('when DEMO_CONTENT is not set, then it is on for the embedded database and off on a real one', () => {
    expect(parseConfig({}).DEMO_CONTENT).toBe('on')
    expect(parseConfig({ DATABASE_URL: url }).DEMO_CONTENT).toBe('off')
    expect(parseConfig({ DATABASE_URL: url, DEMO_CONTENT: '' }).DEMO_CONTENT).toBe('off')
  })

  it('when DEMO_CONTENT is set, then it wins either way', () => {
    expect(parseConfig({ DATABASE_URL: url, DEMO_CONTENT: 'on' }).DEMO_CONTENT).toBe('on')
    expect(parseConfig({ DEMO_CONTENT: 'off' }).DEMO_CONTENT).toBe('off')
  })
})

describe('Kubernetes without a database', () => {
  const pod = { KUBERNETES_SERVICE_HOST: '10.96.0.1' }
  it('when a pod has no DATABASE_URL, then start-up refuses, saying what to set', () => {
    expect(() => parseConfig(pod)).toThrow(/DATABASE_URL: required on Kubernetes \(KUBERNETES_SERVICE_HOST is set\).*EMBEDDED_DATABASE=on/)
  })

  it('when it has DATABASE_URL, or EMBEDDED_DATABASE=on, or runs outside Kubernetes, then it starts', () => {
    expect(parseConfig({ ...pod, DATABASE_URL: 'postgres://site@db/expo' }).DATABASE_URL).toBe('postgres://site@db/expo')
    expect(parseConfig({ ...pod, EMBEDDED_DATABASE: 'on' }).EMBEDDED_DATABASE).toBe('on')
    expect(parseConfig({ EMBEDDED_DATABASE: 'off' }).DATABASE_URL).toBeUndefined()
  })
})

describe('LEAD_WEBHOOK_LOOPBACK (docs/product.md#lead-webhooks)', () => {
  it('when it is on for a site on this machine, then it starts; off by default', () => {
    expect(parseConfig({}).LEAD_WEBHOOK_LOOPBACK).toBe('off')
    for (const PUBLIC_ORIGIN of ['http://127.0.0.1:4500', 'http://localhost:3000', undefined]) {
      expect(parseConfig({ LEAD_WEBHOOK_LOOPBACK: 'on', PUBLIC_ORIGIN }).LEAD_WEBHOOK_LOOPBACK, PUBLIC_ORIGIN).toBe('on')
    }
  })

  it('when it is on for a site the world reaches, then start-up refuses, naming it', () => {
    expect(() => parseConfig({ LEAD_WEBHOOK_LOOPBACK: 'on', PUBLIC_ORIGIN: 'https://expo.example' })).toThrow(/LEAD_WEBHOOK_LOOPBACK: only for tests/)
  })
})
