import { generateKeyPairSync, randomBytes } from 'node:crypto'
import forge from 'node-forge'

/**
 * Wallet accounts made in the test (docs/product.md#wallet-passes): a CA standing in for Apple's WWDR
 * intermediate, a Pass Type ID certificate it issued (with the UID Apple writes), and a Google service
 * account's JSON key. Each RSA key takes a tenth of a second: make one set per file.
 */
export interface TestWallets {
  /** The variables that configure both wallets. */
  env: Record<string, string>
  /** The stand-in WWDR certificate as PEM, for `openssl cms -verify -CAfile`. */
  caPem: string
  /** The service account's public key as PEM, to check a save link's signature. */
  googlePublicKeyPem: string
}

export const TEST_PASS_TYPE_ID = 'pass.com.example.expo-tickets'
export const TEST_TEAM_ID = 'A1B2C3D4E5'
export const TEST_ISSUER_ID = '3388000000022222222'
export const TEST_CLASS_SUFFIX = 'expo-2027'
export const TEST_PASSPHRASE = 'wallet-passphrase'

const rsaKey = () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())
}

function certificate(
  key: forge.pki.rsa.PrivateKey,
  subject: forge.pki.CertificateField[],
  issuer: { key: forge.pki.rsa.PrivateKey; subject: forge.pki.CertificateField[] } | null,
  ca: boolean,
  now: Date,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000)
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000)
  cert.setSubject(subject)
  cert.setIssuer(issuer?.subject ?? subject)
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
          { name: 'subjectKeyIdentifier' },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
        ],
  )
  cert.sign(issuer?.key ?? key, forge.md.sha256.create())
  return cert
}

/** A CA and the pass certificate it issued, in a PKCS#12 with a passphrase; a service account with an RSA key. */
export function makeTestWallets(options: { passTypeId?: string; now?: Date } = {}): TestWallets & {
  p12: (certificates: 'pass' | 'ca only', passphrase?: string) => string
} {
  const now = options.now ?? new Date('2027-01-10T08:00:00Z')
  const caKey = rsaKey()
  const caSubject = [
    { shortName: 'CN', value: 'Test Worldwide Developer Relations Certification Authority' },
    { shortName: 'OU', value: 'G4' },
    { shortName: 'O', value: 'Test CA' },
  ]
  const ca = certificate(caKey, caSubject, null, true, now)
  const passKey = rsaKey()
  const pass = certificate(
    passKey,
    [
      { type: '0.9.2342.19200300.100.1.1', value: options.passTypeId ?? TEST_PASS_TYPE_ID },
      { shortName: 'CN', value: `Pass Type ID: ${options.passTypeId ?? TEST_PASS_TYPE_ID}` },
      { shortName: 'OU', value: TEST_TEAM_ID },
      { shortName: 'O', value: 'Aurum Expo' },
    ],
    { key: caKey, subject: caSubject },
    false,
    now,
  )
  const p12 = (certificates: 'pass' | 'ca only', passphrase = TEST_PASSPHRASE) =>
    Buffer.from(
      forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(passKey, certificates === 'pass' ? [pass] : [ca], passphrase, { algorithm: '3des' })).getBytes(),
      'binary',
    ).toString('base64')
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const account = {
    type: 'service_account',
    project_id: 'expo-wallet',
    private_key_id: 'test',
    private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'wallet@expo-wallet.iam.gserviceaccount.com',
  }
  const caPem = forge.pki.certificateToPem(ca)
  return {
    caPem,
    googlePublicKeyPem: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    p12,
    env: {
      APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_TEAM_ID: TEST_TEAM_ID,
      APPLE_PASS_P12: p12('pass'),
      APPLE_PASS_PASSPHRASE: TEST_PASSPHRASE,
      APPLE_WWDR_PEM: Buffer.from(caPem).toString('base64'),
      GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
      GOOGLE_WALLET_CLASS_SUFFIX: TEST_CLASS_SUFFIX,
      GOOGLE_WALLET_SERVICE_ACCOUNT: Buffer.from(JSON.stringify(account)).toString('base64'),
    },
  }
}

/** The service account's JSON key in base64 with one field changed, for start-up's refusals. */
export function serviceAccountWith(base64: string, change: Record<string, unknown>): string {
  const account = JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as Record<string, unknown>
  return Buffer.from(JSON.stringify({ ...account, ...change })).toString('base64')
}
