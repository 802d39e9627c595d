import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import { openP12, type SigningIdentity } from './pdf-signature.ts'

/**
 * The organiser's wallet accounts (docs/product.md#wallet-passes, docs/decisions/0017-wallet-passes.md),
 * opened once at start-up by server/config.ts: a value start-up cannot use stops the site, naming
 * the variable, so a broken credential is never found by the first visitor who taps the button.
 */

export interface AppleWallet {
  passTypeId: string
  teamId: string
  /** The Pass Type ID certificate and its key. */
  identity: SigningIdentity
  /** Apple's WWDR intermediate, carried in every signature so that the phone can build the chain. */
  wwdr: forge.pki.Certificate
}

export interface GoogleWallet {
  issuerId: string
  /** `<issuer id>.<class suffix>`: the event ticket class every saved object belongs to. */
  classId: string
  clientEmail: string
  key: KeyObject
}

export interface WalletVariables {
  APPLE_PASS_TYPE_ID?: string
  APPLE_TEAM_ID?: string
  APPLE_PASS_P12?: string
  APPLE_PASS_PASSPHRASE?: string
  APPLE_WWDR_PEM?: string
  GOOGLE_WALLET_ISSUER_ID?: string
  GOOGLE_WALLET_CLASS_SUFFIX?: string
  GOOGLE_WALLET_SERVICE_ACCOUNT?: string
}

const APPLE = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_P12', 'APPLE_WWDR_PEM'] as const
const GOOGLE = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLASS_SUFFIX', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const
/** The certificate's UID attribute, where Apple writes the pass type identifier it was made for. */
const UID = '0.9.2342.19200300.100.1.1'

/** "All or none": the names missing from a group of which some are set, as one problem. */
function incomplete(raw: WalletVariables, group: readonly (keyof WalletVariables)[], what: string): string | null {
  const missing = group.filter((name) => !raw[name])
  if (!missing.length || missing.length === group.length) return null
  const set = group.filter((name) => raw[name])
  return `${missing.join(', ')}: required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (${what} need all ${group.length})`
}

/** A certificate given as PEM text (newlines may be written `\n`), or as the PEM or DER file in base64. */
function readCertificate(value: string): forge.pki.Certificate {
  const text = value.replace(/\\n/g, '\n').trim()
  if (text.includes('-----BEGIN CERTIFICATE-----')) return forge.pki.certificateFromPem(text)
  const bytes = Buffer.from(text.replace(/\s+/g, ''), 'base64')
  const decoded = bytes.toString('latin1')
  if (decoded.includes('-----BEGIN CERTIFICATE-----')) return forge.pki.certificateFromPem(decoded)
  return forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(decoded)))
}

const der = (certificate: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary')

function appleWallet(raw: WalletVariables, problems: string[]): AppleWallet | null {
  const problem = incomplete(raw, APPLE, 'Apple Wallet passes')
  if (problem) problems.push(problem)
  if (!problem && raw.APPLE_PASS_PASSPHRASE && !raw.APPLE_PASS_P12) problems.push('APPLE_PASS_PASSPHRASE: set, but APPLE_PASS_P12 is not')
  if (problem || !raw.APPLE_PASS_TYPE_ID || !raw.APPLE_TEAM_ID || !raw.APPLE_PASS_P12 || !raw.APPLE_WWDR_PEM) return null
  let identity: SigningIdentity | null = null
  try {
    identity = openP12(Buffer.from(raw.APPLE_PASS_P12, 'base64'), raw.APPLE_PASS_PASSPHRASE ?? '')
  } catch (error) {
    problems.push(`APPLE_PASS_P12: ${(error as Error).message} (APPLE_PASS_PASSPHRASE)`)
  }
  let wwdr: forge.pki.Certificate | null = null
  try {
    wwdr = readCertificate(raw.APPLE_WWDR_PEM)
  } catch {
    problems.push('APPLE_WWDR_PEM: not a certificate (PEM text, or the PEM or DER file in base64)')
  }
  if (!identity || !wwdr) return null
  // A pass signed under the wrong intermediate (WWDR G1 instead of G4) is refused by the phone
  // without a word; start-up can tell, the visitor cannot.
  const pass = new X509Certificate(der(identity.certificate))
  const issuer = new X509Certificate(der(wwdr))
  if (!pass.checkIssued(issuer) || !pass.verify(issuer.publicKey)) {
    problems.push("APPLE_WWDR_PEM: did not issue the certificate of APPLE_PASS_P12 (Apple's WWDR G4 intermediate issues Pass Type ID certificates)")
    return null
  }
  const uid = identity.certificate.subject.getField({ type: UID })?.value as string | undefined
  if (uid && uid !== raw.APPLE_PASS_TYPE_ID) {
    problems.push(`APPLE_PASS_TYPE_ID: the certificate of APPLE_PASS_P12 is for ${uid}`)
    return null
  }
  return { passTypeId: raw.APPLE_PASS_TYPE_ID, teamId: raw.APPLE_TEAM_ID, identity, wwdr }
}

function googleWallet(raw: WalletVariables, problems: string[]): GoogleWallet | null {
  const problem = incomplete(raw, GOOGLE, 'Google Wallet links')
  if (problem) problems.push(problem)
  if (problem || !raw.GOOGLE_WALLET_ISSUER_ID || !raw.GOOGLE_WALLET_CLASS_SUFFIX || !raw.GOOGLE_WALLET_SERVICE_ACCOUNT) return null
  let account: { client_email?: unknown; private_key?: unknown }
  try {
    account = JSON.parse(Buffer.from(raw.GOOGLE_WALLET_SERVICE_ACCOUNT, 'base64').toString('utf8'))
    if (!account || typeof account !== 'object') throw new Error('not an object')
  } catch {
    problems.push("GOOGLE_WALLET_SERVICE_ACCOUNT: not a service account's JSON key in base64 (base64 -w0 key.json)")
    return null
  }
  if (typeof account.client_email !== 'string' || !account.client_email.includes('@')) {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT: the JSON key has no client_email')
    return null
  }
  let key: KeyObject | null = null
  try {
    if (typeof account.private_key !== 'string') throw new Error('missing')
    key = createPrivateKey(account.private_key)
  } catch {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT: the JSON key has no private_key a PEM reader opens')
    return null
  }
  if (key.asymmetricKeyType !== 'rsa') {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT: the private_key is not an RSA key (Google signs save links with RS256)')
    return null
  }
  const issuerId = raw.GOOGLE_WALLET_ISSUER_ID
  return { issuerId, classId: `${issuerId}.${raw.GOOGLE_WALLET_CLASS_SUFFIX}`, clientEmail: account.client_email, key }
}

/** Both wallets from the environment's values; null where one is not configured or is broken (then `problems` says why). */
export function walletCredentials(raw: WalletVariables): { apple: AppleWallet | null; google: GoogleWallet | null; problems: string[] } {
  const problems: string[] = []
  const apple = appleWallet(raw, problems)
  const google = googleWallet(raw, problems)
  return { apple, google, problems }
}
