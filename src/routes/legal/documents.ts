/**
 * The legal documents the footer links to (`/{lang}/legal/{document}.html`) and the sections each one
 * has, in reading order. The section ids are the anchors of the table of contents and the keys of the
 * `legal` namespace (`<document>.sections.<id>`), so they stay the same in every language.
 */
export const LEGAL_SECTIONS = {
  terms: ['about', 'site', 'accounts', 'tickets', 'exhibitors', 'conduct', 'property', 'liability', 'changes', 'law', 'contact'],
  privacy: ['controller', 'data', 'cookies', 'sharing', 'retention', 'rights', 'security', 'children', 'changes', 'contact'],
  disclaimer: ['information', 'advice', 'brokers', 'verify', 'free', 'links', 'contact'],
} as const

export type LegalDocument = keyof typeof LEGAL_SECTIONS

export const LEGAL_DOCUMENTS = Object.keys(LEGAL_SECTIONS) as LegalDocument[]

/** The day each text last changed (ISO date, read as UTC); shown as "last updated". */
export const LAST_UPDATED: Record<LegalDocument, string> = {
  terms: '2026-11-22',
  privacy: '2026-11-28',
  disclaimer: '2026-11-22',
}

/** `terms.html` -> `terms`; anything else (other names, no `.html`, other case) is not a document. */
export function legalDocumentOf(segment: string | undefined): LegalDocument | null {
  const match = /^([a-z]+)\.html$/.exec(segment ?? '')
  const name = match?.[1]
  return name && Object.hasOwn(LEGAL_SECTIONS, name) ? (name as LegalDocument) : null
}

/** A section body in the locale file: paragraphs, and lists as nested arrays of items. */
export type LegalBlock = string | string[]

export function isLegalBody(value: unknown): value is LegalBlock[] {
  return (
    Array.isArray(value) &&
    value.every((block) => typeof block === 'string' || (Array.isArray(block) && block.length > 0 && block.every((item) => typeof item === 'string')))
  )
}
