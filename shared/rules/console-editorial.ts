/**
 * The console's content editor (docs/product.md#console-content): kinds, states and limits
 * shared by the pages and the contracts. Zod-free, so console screens import it directly.
 */

/** What the editor writes; `news` bodies and `bulletin` bodies are rich text (Markdown). */
export const EDITORIAL_KINDS = ['news', 'bulletin', 'video'] as const
export type EditorialKind = (typeof EDITORIAL_KINDS)[number]

/**
 * Where an item stands: a draft was never shown; scheduled waits for its time; published is shown;
 * unpublished was shown and has been taken down.
 */
export const EDITORIAL_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const
export type EditorialState = (typeof EDITORIAL_STATES)[number]

/** Which fields of a language's texts each kind has (the others stay empty). */
export const EDITORIAL_TEXT_FIELDS: Record<EditorialKind, readonly ('title' | 'summary' | 'body' | 'alt')[]> = {
  news: ['title', 'summary', 'alt', 'body'],
  bulletin: ['title', 'body'],
  video: ['title', 'summary', 'alt'],
}

/** The language the content importer requires: every fallback chain ends in it. */
export const EDITORIAL_REQUIRED_LOCALE = 'en'

export const EDITORIAL_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 100,
  search: 100,
  title: 200,
  summary: 1000,
  alt: 300,
  body: 100_000,
  /** A preview link is good this long (hours). */
  previewHours: 72,
  durationMax: 24 * 3600,
  sourcesMax: 4,
  captionsMax: 12,
  url: 2000,
} as const

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

/** The console's address of one item; a new one is `/console/content/<kind>/new`. */
export const consoleContentPath = (kind: EditorialKind, id: number | 'new') => `/console/content/${kind}/${id}`
