import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, sign, verify as verifySignature, X509Certificate } from 'node:crypto'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { SignPdf, Signer } from '@signpdf/signpdf'
import forge from 'node-forge'
import type { PDFDocument } from 'pdf-lib'

/**
 * The site's PDF signatures (docs/product.md#document-signatures, docs/decisions/0016-pdf-signatures.md):
 * an adbe.pkcs7.detached signature whose ByteRange covers the whole file but the signature itself,
 * made with the organiser's PKCS#12 key, and the reading of such a signature in an uploaded file.
 */

/** The key and certificate one PKCS#12 file holds, opened (a wrong passphrase or a file without both is refused). */
export interface SigningIdentity {
  key: KeyObject
  certificates: forge.pki.Certificate[]
  certificate: forge.pki.Certificate
  /** SHA-256 of the certificate's DER, upper-case hex with colons (Node's X509Certificate.fingerprint256). */
  fingerprint: string
  subject: string
}

const CERT_BAG = '1.2.840.113549.1.12.10.1.3'
const KEY_BAG = '1.2.840.113549.1.12.10.1.2'

/** Opens a PKCS#12 file; throws an Error whose message says what is wrong with it (for the configuration's report). */
export function openP12(p12: Buffer, passphrase: string): SigningIdentity {
  let bags: { certs: forge.pki.Certificate[]; key: forge.pki.rsa.PrivateKey | null }
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase)
    const certs = (parsed.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []))
    const keyBag = parsed.getBags({ bagType: KEY_BAG })[KEY_BAG]?.[0]
    bags = { certs, key: (keyBag?.key as forge.pki.rsa.PrivateKey | undefined) ?? null }
  } catch {
    throw new Error('not a PKCS#12 file this passphrase opens')
  }
  if (!bags.key) throw new Error('the PKCS#12 file holds no (shrouded) RSA private key')
  const key = bags.key
  const cert = bags.certs.find((candidate) => {
    const publicKey = candidate.publicKey as forge.pki.rsa.PublicKey
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0
  })
  if (!cert) throw new Error('the PKCS#12 file holds no certificate of its private key')
  const x509 = new X509Certificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'))
  const pem = forge.pki.privateKeyToPem(key)
  return { key: createPrivateKey(pem), certificates: bags.certs, certificate: cert, fingerprint: x509.fingerprint256, subject: x509.subject }
}

/**
 * A self-signed certificate in the brand's name, for a site without a configured one (the try-out,
 * the tests): generated once per database and kept (server/platform/document-signing.ts).
 */
export function selfSignedP12(brand: string, now: Date): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  // A positive serial: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000)
  cert.validity.notAfter = new Date(now.getTime() + 20 * 365 * 24 * 3600_000)
  const name = [
    { shortName: 'CN', value: brand },
    { shortName: 'O', value: brand },
  ]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ])
  cert.sign(key, forge.md.sha256.create())
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], '', { algorithm: '3des' })
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary')
}

export interface PdfSigner {
  readonly fingerprint: string
  /** Hex digits the PKCS#7 blob may take in a file (see signatureRoom); the blob is padded with zeros to it. */
  readonly room: number
  /** The signer's name and the reason's brand ("Issued by <brand>"). */
  readonly brand: string
  /** The detached PKCS#7 blob over content of this SHA-256, for a PDF written by hand (the streamed badges). */
  signDigest(digest: Buffer, signingTime: Date): Buffer
  /** Adds the signature field to a finished document, saves it and signs it; the document is not to be used after. */
  sign(pdf: PDFDocument): Promise<Uint8Array>
}

/** What a PDF written by hand needs to sign itself (the streamed badges, server/platform/tickets/badge-pdf.ts). */
export type DigestSigner = Pick<PdfSigner, 'room' | 'brand' | 'signDigest'>

/**
 * Room for the PKCS#7 blob, in hex digits: the certificates it carries, and 1 KB for the signed
 * attributes, a signature of up to 4096 bits and the structure, rounded up to a whole KB. Too little
 * room fails every signature; each spare KB is 2 KB more in every file.
 */
function signatureRoom(certificates: forge.pki.Certificate[]): number {
  const certificateBytes = certificates.reduce((sum, each) => sum + forge.asn1.toDer(forge.pki.certificateToAsn1(each)).length(), 0)
  return Math.ceil((certificateBytes + 1024) / 1024) * 1024 * 2
}

const { asn1 } = forge
const sequence = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value)
const setOf = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, value)
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes())
const integer = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, bytes)
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'))
const noParameters = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')
const tagged = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, value)
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), setOf([value])])
/** UTCTime up to 2049, GeneralizedTime after (RFC 5280 §4.1.2.5, as forge writes its signing time). */
const timeValue = (date: Date) =>
  date.getUTCFullYear() < 2050
    ? asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : asn1.create(asn1.Class.UNIVERSAL, asn1.Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date))

/**
 * A detached CMS SignedData (RFC 5652 §5) over content whose SHA-256 the caller has already taken:
 * the signed attributes content type, signing time and message digest, in that order (as
 * @signpdf/signer-p12 writes them), the signature Node's OpenSSL makes, and the identity's
 * certificates. Taking the digest rather than the content lets a streamed PDF (the badges) be signed
 * without holding it whole, and hashes with OpenSSL instead of forge's JavaScript.
 */
export function signDigest(identity: SigningIdentity, digest: Buffer, signingTime: Date): Buffer {
  const { pki } = forge
  const oids = pki.oids as Record<string, string>
  const attributes = [
    attribute(oids.contentType as string, oid(oids.data as string)),
    attribute(oids.signingTime as string, timeValue(signingTime)),
    attribute(oids.messageDigest as string, octets(digest)),
  ]
  // The signature is over the attributes' DER as a SET (RFC 5652 §5.4), stored as [0] IMPLICIT.
  const signature = sign('sha256', Buffer.from(asn1.toDer(setOf(attributes)).getBytes(), 'binary'), identity.key)
  const sha256 = () => sequence([oid(oids.sha256 as string), noParameters()])
  const certificate = identity.certificate
  const signerInfo = sequence([
    integer(String.fromCharCode(1)),
    sequence([pki.distinguishedNameToAsn1(certificate.issuer), integer(forge.util.hexToBytes(certificate.serialNumber))]),
    sha256(),
    tagged(attributes),
    sequence([oid(oids.rsaEncryption as string), noParameters()]),
    octets(signature),
  ])
  const signedData = sequence([
    integer(String.fromCharCode(1)),
    setOf([sha256()]),
    sequence([oid(oids.data as string)]),
    tagged(identity.certificates.map((each) => pki.certificateToAsn1(each))),
    setOf([signerInfo]),
  ])
  return Buffer.from(asn1.toDer(sequence([oid(oids.signedData as string), tagged([signedData])])).getBytes(), 'binary')
}

/** Signs whole content for @signpdf/signpdf: its SHA-256 by OpenSSL, then signDigest. */
class OrganiserSigner extends Signer {
  readonly #identity: SigningIdentity
  constructor(identity: SigningIdentity) {
    super()
    this.#identity = identity
  }
  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    return signDigest(this.#identity, createHash('sha256').update(pdf).digest(), signingTime ?? new Date())
  }
}

export function createPdfSigner(identity: SigningIdentity, brand: string): PdfSigner {
  const signer = new OrganiserSigner(identity)
  const signPdf = new SignPdf()
  const room = signatureRoom(identity.certificates)
  return {
    fingerprint: identity.fingerprint,
    room,
    brand,
    signDigest: (digest, signingTime) => signDigest(identity, digest, signingTime),
    async sign(pdf) {
      const signingTime = new Date()
      pdflibAddPlaceholder({
        pdfDoc: pdf,
        reason: `Issued by ${brand}`,
        name: brand,
        contactInfo: '',
        location: '',
        signingTime,
        signatureLength: room,
        appName: brand,
      })
      // The placeholder is found by its text: no object streams, which would compress it away.
      const unsigned = await pdf.save({ useObjectStreams: false })
      return new Uint8Array(await signPdf.sign(Buffer.from(unsigned), signer, signingTime))
    },
  }
}

/** What one uploaded file's first signature says; the caller decides whose certificate it is. */
export type SignatureReading =
  | { signed: false }
  | {
      signed: true
      /** SHA-256 of the signer's certificate (X509Certificate.fingerprint256). */
      fingerprint: string
      /** The signature is the key's over the signed attributes, and their digest is that of the ByteRange's bytes. */
      valid: boolean
      /** Bytes follow the signed range (an incremental update: an edit, an added page, another signature). */
      appended: boolean
      /** The signing time the signer claims (its signed attributes), when there is one. */
      signedAt: Date | null
    }

/** The file has a signature, but it cannot be read (cut ByteRange, a blob that is not PKCS#7): not a 500, a "can't read this file". */
export class UnreadableSignature extends Error {
  constructor(why: string) {
    super(why)
    this.name = 'UnreadableSignature'
  }
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s*\]/

/** Reads the first signature of a PDF (docs/product.md#document-signatures). */
export function readPdfSignature(file: Buffer): SignatureReading {
  const at = file.indexOf('/ByteRange')
  if (at < 0) return { signed: false }
  const match = BYTE_RANGE.exec(file.subarray(at, at + 80).toString('latin1'))
  if (!match) throw new UnreadableSignature('ByteRange is not four numbers')
  const [start, firstLength, secondStart, secondLength] = match.slice(1).map(Number) as [number, number, number, number]
  if (start !== 0 || firstLength < 1 || secondStart <= firstLength + 1 || secondStart + secondLength > file.length) {
    throw new UnreadableSignature('ByteRange does not lie inside the file')
  }
  const hole = file.subarray(firstLength, secondStart).toString('latin1')
  if (!/^<[0-9a-fA-F]*>$/.test(hole)) throw new UnreadableSignature('the gap in the ByteRange is not the signature')
  const blob = Buffer.from(hole.slice(1, -1), 'hex')
  const signedBytes = Buffer.concat([file.subarray(0, firstLength), file.subarray(secondStart, secondStart + secondLength)])
  const cms = readSignedData(blob)
  const digest = createHash(cms.digestAlgorithm).update(signedBytes).digest()
  let valid = cms.messageDigest.equals(digest)
  if (valid) {
    try {
      valid = verifySignature(cms.digestAlgorithm, cms.signedAttributes, cms.certificate.publicKey, cms.signature)
    } catch {
      valid = false
    }
  }
  return { signed: true, fingerprint: cms.certificate.fingerprint256, valid, appended: secondStart + secondLength < file.length, signedAt: cms.signedAt }
}

/** One DER element: its tag byte, where its contents lie and where it ends. */
interface Der {
  tag: number
  start: number
  contentStart: number
  end: number
}

function derAt(bytes: Buffer, offset: number, limit = bytes.length): Der {
  if (offset + 2 > limit) throw new UnreadableSignature('DER cut short')
  const tag = bytes[offset] as number
  if ((tag & 0x1f) === 0x1f) throw new UnreadableSignature('DER tag of several bytes')
  let length = bytes[offset + 1] as number
  let contentStart = offset + 2
  if (length & 0x80) {
    const count = length & 0x7f
    if (count === 0 || count > 4 || contentStart + count > limit) throw new UnreadableSignature('DER length unreadable')
    length = 0
    for (let index = 0; index < count; index++) length = length * 256 + (bytes[contentStart + index] as number)
    contentStart += count
  }
  const end = contentStart + length
  if (end > limit) throw new UnreadableSignature('DER runs past its parent')
  return { tag, start: offset, contentStart, end }
}

function childrenOf(bytes: Buffer, parent: Der): Der[] {
  const children: Der[] = []
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const child = derAt(bytes, offset, parent.end)
    children.push(child)
    offset = child.end
  }
  return children
}

function expectTag(element: Der | undefined, tag: number, what: string): Der {
  if (!element || element.tag !== tag) throw new UnreadableSignature(`${what} missing`)
  return element
}

const oidOf = (bytes: Buffer, element: Der) => {
  const value = bytes.subarray(element.contentStart, element.end)
  const parts = [Math.floor((value[0] ?? 0) / 40), (value[0] ?? 0) % 40]
  let current = 0
  for (const byte of value.subarray(1)) {
    current = current * 128 + (byte & 0x7f)
    if (!(byte & 0x80)) {
      parts.push(current)
      current = 0
    }
  }
  return parts.join('.')
}

const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
}
const OID = { signedData: '1.2.840.113549.1.7.2', messageDigest: '1.2.840.113549.1.9.4', signingTime: '1.2.840.113549.1.9.5' }
const SEQUENCE = 0x30
const SET = 0x31

/** The parts of a CMS SignedData (RFC 5652 §5) a detached PDF signature is checked with: its first signer only. */
function readSignedData(blob: Buffer) {
  const content = expectTag(derAt(blob, 0), SEQUENCE, 'ContentInfo')
  const [type, wrapped] = childrenOf(blob, content)
  if (oidOf(blob, expectTag(type, 0x06, 'content type')) !== OID.signedData) throw new UnreadableSignature('not SignedData')
  const signedData = expectTag(childrenOf(blob, expectTag(wrapped, 0xa0, 'content'))[0], SEQUENCE, 'SignedData')
  const parts = childrenOf(blob, signedData)
  const certificates = parts.find((part) => part.tag === 0xa0)
  const signerInfos = expectTag(parts.at(-1), SET, 'signerInfos')
  const signerInfo = expectTag(childrenOf(blob, signerInfos)[0], SEQUENCE, 'SignerInfo')
  const [, sid, digestAlgorithm, signedAttributes, , signature] = childrenOf(blob, signerInfo)
  const [issuer, serial] = childrenOf(blob, expectTag(sid, SEQUENCE, 'issuerAndSerialNumber'))
  const digest = DIGESTS[oidOf(blob, expectTag(childrenOf(blob, expectTag(digestAlgorithm, SEQUENCE, 'digest algorithm'))[0], 0x06, 'digest OID'))]
  if (!digest) throw new UnreadableSignature('unknown digest algorithm')
  const attributes = expectTag(signedAttributes, 0xa0, 'signed attributes')
  const signatureValue = expectTag(signature, 0x04, 'signature')

  let messageDigest: Buffer | null = null
  let signedAt: Date | null = null
  for (const attribute of childrenOf(blob, attributes)) {
    const [name, values] = childrenOf(blob, expectTag(attribute, SEQUENCE, 'attribute'))
    const value = childrenOf(blob, expectTag(values, SET, 'attribute values'))[0]
    if (!value) continue
    const oid = oidOf(blob, expectTag(name, 0x06, 'attribute type'))
    if (oid === OID.messageDigest) messageDigest = blob.subarray(value.contentStart, value.end)
    if (oid === OID.signingTime) signedAt = timeOf(blob.subarray(value.contentStart, value.end).toString('latin1'), value.tag)
  }
  if (!messageDigest) throw new UnreadableSignature('no message digest')

  const wanted = { issuer: blob.subarray(issuer?.start, issuer?.end), serial: blob.subarray(serial?.contentStart, serial?.end) }
  let certificate: X509Certificate | null = null
  for (const candidate of certificates ? childrenOf(blob, certificates) : []) {
    if (candidate.tag !== SEQUENCE) continue
    const [tbs] = childrenOf(blob, candidate)
    const fields = childrenOf(blob, expectTag(tbs, SEQUENCE, 'TBSCertificate'))
    const [candidateSerial, , candidateIssuer] = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields
    if (
      candidateSerial &&
      candidateIssuer &&
      blob.subarray(candidateSerial.contentStart, candidateSerial.end).equals(wanted.serial) &&
      blob.subarray(candidateIssuer.start, candidateIssuer.end).equals(wanted.issuer)
    ) {
      try {
        certificate = new X509Certificate(blob.subarray(candidate.start, candidate.end))
      } catch {
        throw new UnreadableSignature('signer certificate unreadable')
      }
      break
    }
  }
  if (!certificate) throw new UnreadableSignature('signer certificate not in the signature')

  // The signature is over the attributes' DER as a SET (RFC 5652 §5.4), not as the [0] they are stored in.
  const signedAttributesDer = Buffer.from(blob.subarray(attributes.start, attributes.end))
  signedAttributesDer[0] = SET
  return {
    digestAlgorithm: digest,
    messageDigest,
    signedAt,
    certificate,
    signedAttributes: signedAttributesDer,
    signature: blob.subarray(signatureValue.contentStart, signatureValue.end),
  }
}

/** UTCTime (0x17, YYMMDDHHMMSSZ) or GeneralizedTime (0x18, YYYYMMDDHHMMSSZ); null when neither. */
function timeOf(text: string, tag: number): Date | null {
  const match =
    tag === 0x17 ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text) : tag === 0x18 ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text) : null
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number]
  const fullYear = tag === 0x17 ? (year < 50 ? 2000 + year : 1900 + year) : year
  const date = new Date(Date.UTC(fullYear, month - 1, day, hour, minute, second))
  return Number.isNaN(date.getTime()) ? null : date
}
