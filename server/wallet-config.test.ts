import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { makeTestWallets, serviceAccountWith, TEST_ISSUER_ID } from '../test/setup/wallet-credentials.ts'
import { type ConfigError, parseConfig, publicConfig } from './config.ts'

/**
 * Start-up's checks of the wallet accounts (docs/product.md#wallet-passes): each wallet all or none,
 * every value opened at start-up, a bad one refused naming its variable; all empty, the feature off.
 */

const wallets = makeTestWallets()
const other = makeTestWallets({ passTypeId: 'pass.com.example.other' })
const APPLE = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_P12', 'APPLE_WWDR_PEM'] as const
const GOOGLE = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLASS_SUFFIX', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const
const apple = Object.fromEntries(Object.entries(wallets.env).filter(([name]) => name.startsWith('APPLE_')))
const google = Object.fromEntries(Object.entries(wallets.env).filter(([name]) => name.startsWith('GOOGLE_')))

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env)
    return []
  } catch (error) {
    return (error as ConfigError).problems
  }
}

describe('wallet accounts at start-up', () => {
  it('when both wallets are fully configured, then both are on, and the pages are told so (nothing secret)', () => {
    const config = parseConfig(wallets.env)
    expect(config.wallets.apple).toMatchObject({ passTypeId: 'pass.com.example.expo-tickets', teamId: 'A1B2C3D4E5' })
    expect(config.wallets.google).toMatchObject({ issuerId: TEST_ISSUER_ID, classId: `${TEST_ISSUER_ID}.expo-2027` })
    expect(config.wallets.google?.clientEmail).toBe('wallet@expo-wallet.iam.gserviceaccount.com')
    const visible = publicConfig(config)
    expect(visible.wallets).toEqual({ apple: true, google: true })
    expect(JSON.stringify(visible)).not.toMatch(/PRIVATE KEY|expo-wallet\.iam|A1B2C3D4E5/)
  })

  it('when every wallet variable is empty or unset, then the feature is off', () => {
    const empty = Object.fromEntries([...APPLE, 'APPLE_PASS_PASSPHRASE', ...GOOGLE].map((name) => [name, '']))
    for (const env of [{}, empty]) {
      const config = parseConfig(env)
      expect(config.wallets).toEqual({ apple: null, google: null })
      expect(publicConfig(config).wallets).toEqual({ apple: false, google: false })
    }
  })

  it('when one wallet is configured and the other not, then only that one is on', () => {
    expect(publicConfig(parseConfig(apple)).wallets).toEqual({ apple: true, google: false })
    expect(publicConfig(parseConfig(google)).wallets).toEqual({ apple: false, google: true })
  })

  it('when any one of a wallet’s variables is missing, then start-up refuses, naming it', () => {
    for (const name of APPLE) {
      const { [name]: _left, ...rest } = apple
      expect(problemsOf({ ...rest, [name]: '' }), name).toEqual([expect.stringMatching(new RegExp(`^${name}: required when .*Apple Wallet passes need all 4`))])
    }
    for (const name of GOOGLE) {
      const { [name]: _left, ...rest } = google
      expect(problemsOf(rest), name).toEqual([expect.stringMatching(new RegExp(`^${name}: required when .*Google Wallet links need all 3`))])
    }
    expect(problemsOf({ APPLE_PASS_PASSPHRASE: 'secret' })).toEqual(['APPLE_PASS_PASSPHRASE: set, but APPLE_PASS_P12 is not'])
  })

  it('when a value has the wrong form, then start-up refuses, naming it', () => {
    expect(problemsOf({ ...apple, APPLE_TEAM_ID: 'abc' })).toEqual([expect.stringMatching(/^APPLE_TEAM_ID: must be the ten-character Team ID/)])
    expect(problemsOf({ ...apple, APPLE_PASS_TYPE_ID: 'com.example.tickets' })).toEqual([expect.stringMatching(/^APPLE_PASS_TYPE_ID: must be a Pass Type ID/)])
    expect(problemsOf({ ...apple, APPLE_PASS_P12: 'not base64!' })).toEqual([expect.stringMatching(/^APPLE_PASS_P12: must be the Pass Type ID certificate/)])
    expect(problemsOf({ ...google, GOOGLE_WALLET_ISSUER_ID: 'issuer-1' })).toEqual([expect.stringMatching(/^GOOGLE_WALLET_ISSUER_ID: must be the issuer id/)])
    expect(problemsOf({ ...google, GOOGLE_WALLET_CLASS_SUFFIX: 'a class' })).toEqual([expect.stringMatching(/^GOOGLE_WALLET_CLASS_SUFFIX: must be/)])
  })

  it('when the PKCS#12 is opened with the wrong passphrase or holds no certificate, then start-up refuses, naming it', () => {
    expect(problemsOf({ ...apple, APPLE_PASS_PASSPHRASE: 'wrong' })).toEqual([
      'APPLE_PASS_P12: not a PKCS#12 file this passphrase opens (APPLE_PASS_PASSPHRASE)',
    ])
    expect(problemsOf({ ...apple, APPLE_PASS_P12: wallets.p12('ca only') })).toEqual([
      'APPLE_PASS_P12: the PKCS#12 file holds no certificate of its private key (APPLE_PASS_PASSPHRASE)',
    ])
    // An empty passphrase is a passphrase a PKCS#12 may have: unset, the file is opened with it.
    expect(parseConfig({ ...apple, APPLE_PASS_P12: wallets.p12('pass', ''), APPLE_PASS_PASSPHRASE: '' }).wallets.apple).not.toBeNull()
  })

  it('when the intermediate is no certificate, did not issue the pass certificate, or the certificate is for another pass type, then start-up refuses', () => {
    expect(problemsOf({ ...apple, APPLE_WWDR_PEM: Buffer.from('hello').toString('base64') })).toEqual([
      'APPLE_WWDR_PEM: not a certificate (PEM text, or the PEM or DER file in base64)',
    ])
    expect(problemsOf({ ...apple, APPLE_WWDR_PEM: other.env.APPLE_WWDR_PEM as string })).toEqual([
      "APPLE_WWDR_PEM: did not issue the certificate of APPLE_PASS_P12 (Apple's WWDR G4 intermediate issues Pass Type ID certificates)",
    ])
    expect(problemsOf({ ...apple, APPLE_PASS_TYPE_ID: 'pass.com.example.other' })).toEqual([
      'APPLE_PASS_TYPE_ID: the certificate of APPLE_PASS_P12 is for pass.com.example.expo-tickets',
    ])
    // PEM text as an orchestrator's one-line value, with its newlines written \n, is read too.
    expect(parseConfig({ ...apple, APPLE_WWDR_PEM: wallets.caPem.replace(/\r?\n/g, '\\n') }).wallets.apple).not.toBeNull()
  })

  it('when the service account is no JSON, or lacks its e-mail or an RSA key, then start-up refuses, naming it', () => {
    const account = google.GOOGLE_WALLET_SERVICE_ACCOUNT as string
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    for (const [value, problem] of [
      [Buffer.from('{not json').toString('base64'), "GOOGLE_WALLET_SERVICE_ACCOUNT: not a service account's JSON key in base64 (base64 -w0 key.json)"],
      [serviceAccountWith(account, { client_email: undefined }), 'GOOGLE_WALLET_SERVICE_ACCOUNT: the JSON key has no client_email'],
      [serviceAccountWith(account, { private_key: undefined }), 'GOOGLE_WALLET_SERVICE_ACCOUNT: the JSON key has no private_key a PEM reader opens'],
      [serviceAccountWith(account, { private_key: 'garbage' }), 'GOOGLE_WALLET_SERVICE_ACCOUNT: the JSON key has no private_key a PEM reader opens'],
      [
        serviceAccountWith(account, { private_key: ec }),
        'GOOGLE_WALLET_SERVICE_ACCOUNT: the private_key is not an RSA key (Google signs save links with RS256)',
      ],
    ] as const) {
      expect(problemsOf({ ...google, GOOGLE_WALLET_SERVICE_ACCOUNT: value }), problem).toEqual([problem])
    }
  })
})
