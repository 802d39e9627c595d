/**
 * Broker search (docs/product.md#search-box): the few rules both sides apply. Zod-free, so the search box that ships on
 * every page stays small; the contracts (shared/contracts/search.ts) apply them again.
 */

/** docs/product.md#search-input: search keywords are cut to 30 characters. */
export const KEYWORD_MAX = 30
/** Longer input is refused outright instead of cut (nobody types 1,000 characters into a search box). */
export const KEYWORD_INPUT_MAX = 1000
/** docs/product.md#limits: hot search page size. */
export const HOT_SEARCH_PAGE_SIZE = 15
/** docs/product.md#search-input: suggestion debounce. */
export const SUGGESTION_DEBOUNCE_MS = 500
/** The results page reaches this many pages; a broader search is asked to be refined. */
export const RESULTS_MAX_PAGE = 20

export const LABEL_KEYS = ['regulated', 'offshore', 'unregulated', 'clone', 'revoked', 'unverified'] as const
export type LabelKey = (typeof LABEL_KEYS)[number]

/**
 * What the search acts on (docs/product.md#search-input): trimmed, cut to 30 characters, counted in code points so that
 * a character outside the Basic Multilingual Plane is never split; line breaks and other controls
 * become spaces and unpaired surrogates the replacement character.
 */
export function cutKeyword(input: string, max = KEYWORD_MAX): string {
  const cleaned = input
    .toWellFormed()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .trim()
  return [...cleaned].slice(0, max).join('').trim()
}
