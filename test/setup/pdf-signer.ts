import { createPdfSigner, openP12, type PdfSigner, selfSignedP12 } from '../../server/platform/kit/pdf-signature.ts'

/** A self-signed signer in a brand's name, as a site without DOCUMENT_SIGNING_P12 makes (a quarter of a second: make one per file). */
export function testPdfSigner(brand: string, now = new Date('2027-01-10T08:00:00Z')): PdfSigner {
  return createPdfSigner(openP12(selfSignedP12(brand, now), ''), brand)
}
