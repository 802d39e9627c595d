// fontkit 2 ships no types (and @types/fontkit says includeGlyph answers a boolean; it answers the glyph's
// id in the subset, which pdf-lib draws with). Declared here: what ticket-pdf.ts hands to pdf-lib, whose
// own description of a fontkit font (the parameter of PDFDocument.registerFontkit) fontkit 2 still meets,
// except that its subset encodes to bytes at once instead of a stream.
declare module 'fontkit' {
  import type { PDFDocument } from 'pdf-lib'

  type PdfLibFont = ReturnType<Parameters<PDFDocument['registerFontkit']>[0]['create']>

  export interface Subset {
    /** The glyph's id in the subset. */
    includeGlyph(glyph: number | { id: number }): number
    encode(): Uint8Array
  }
  export type Font = Omit<PdfLibFont, 'createSubset' | 'getGlyph'> & {
    createSubset(): Subset
    numGlyphs: number
    getGlyph(id: number): { path: { commands: unknown[] } }
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | { fonts: Font[] }
}
