import type { Config } from '../config.ts'
import type { Queryable } from '../db/client.ts'
import { createPdfSigner, type DigestSigner, openP12, type PdfSigner, readPdfSignature, selfSignedP12 } from './kit/pdf-signature.ts'
import { keepSecretOnce } from './tokens.ts'

/** The generated key's PKCS#12 file (base64, no passphrase), kept like the other generated secrets. */
const GENERATED = 'document-signing-p12'
/** Every certificate that has signed here, by fingerprint, so that a PDF signed before a change of key still reads as ours. */
const CERTIFICATE_PREFIX = 'document-signing-certificate:'

/** What the verification page answers about a file's signature (docs/product.md#document-signatures). */
export type SignatureAnswer = { state: 'none' } | { state: 'intact' | 'changed'; signedAt: Date | null } | { state: 'foreign' }

export interface DocumentSigning {
  /** Signs a finished pdf-lib document with the organiser's key and answers its bytes. */
  readonly sign: PdfSigner['sign']
  /** The same key for a PDF written by hand and streamed (the badges): it signs a digest. */
  readonly digestSigner: DigestSigner
  /** Reads an uploaded PDF's signature; throws UnreadableSignature when it has one that cannot be read. */
  check(file: Buffer): Promise<SignatureAnswer>
}

/**
 * The organiser's signing key: DOCUMENT_SIGNING_P12 when configured (checked at start-up by
 * server/config.ts); otherwise a self-signed certificate made once per database, so that every
 * instance signs alike and a restart still recognises the PDFs it issued.
 */
export async function loadDocumentSigning(
  db: Queryable,
  config: Pick<Config, 'BRAND_NAME' | 'DOCUMENT_SIGNING_P12' | 'DOCUMENT_SIGNING_PASSPHRASE'>,
): Promise<DocumentSigning> {
  const p12 = config.DOCUMENT_SIGNING_P12 ? Buffer.from(config.DOCUMENT_SIGNING_P12, 'base64') : await generatedP12(db, config.BRAND_NAME)
  const identity = openP12(p12, config.DOCUMENT_SIGNING_P12 ? (config.DOCUMENT_SIGNING_PASSPHRASE ?? '') : '')
  await keepSecretOnce(db, `${CERTIFICATE_PREFIX}${identity.fingerprint}`, identity.subject)
  const signer = createPdfSigner(identity, config.BRAND_NAME)
  const ours = async () => {
    const rows = await db.query<{ name: string }>('select name from platform_secrets where name like $1', [`${CERTIFICATE_PREFIX}%`])
    return new Set(rows.rows.map((row) => row.name.slice(CERTIFICATE_PREFIX.length)))
  }
  return {
    sign: (pdf) => signer.sign(pdf),
    digestSigner: signer,
    async check(file) {
      const reading = readPdfSignature(file)
      if (!reading.signed) return { state: 'none' }
      if (!(await ours()).has(reading.fingerprint)) return { state: 'foreign' }
      return { state: reading.valid && !reading.appended ? 'intact' : 'changed', signedAt: reading.signedAt }
    },
  }
}

/** The kept self-signed key, made on the first start only (an RSA key takes a quarter of a second). */
async function generatedP12(db: Queryable, brand: string): Promise<Buffer> {
  const kept = (await db.query<{ value: string }>('select value from platform_secrets where name = $1', [GENERATED])).rows[0]?.value
  const value = kept ?? (await keepSecretOnce(db, GENERATED, selfSignedP12(brand, new Date()).toString('base64')))
  if (!value) throw new Error(`secret ${GENERATED} could not be stored`)
  return Buffer.from(value, 'base64')
}
