import { Marked } from 'marked'
import markedCjkFriendly from 'marked-cjk-friendly'
import sanitizeHtml from 'sanitize-html'

/**
 * Editorial HTML: Markdown is turned into HTML once, at import, and the HTML is sanitised with an
 * allow-list at import and again whenever it leaves the platform, so a row written by any other
 * means (a console, a hand-made SQL fix) still reaches pages clean. Nothing else is trusted:
 * no scripts, no event handlers, no styles, no javascript: or data: addresses, no frames.
 */

// One parser for the process; it holds no request state. GFM tables and autolinks; raw HTML in
// the Markdown passes to the sanitiser, which decides what stays. CJK-friendly emphasis: `**注意：**展会`
// is bold, as the console's editor writes it (CommonMark alone leaves the asterisks).
const marked = new Marked({ gfm: true, breaks: false, async: false }).use(markedCjkFriendly())

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false })
}

const EXTERNAL = /^https?:\/\//i

/** Articles: structure, links, images with their sizes, tables, code. */
const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'a',
    'blockquote',
    'br',
    'hr',
    'code',
    'pre',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['scope'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's title is the only h1; the body's headings start one level below.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    s: 'del',
    a: (tagName, attribs) => {
      const href = attribs.href ?? ''
      const attributes: Record<string, string> = { ...attribs }
      delete attributes.rel
      delete attributes.target
      if (EXTERNAL.test(href)) attributes.rel = 'noopener noreferrer nofollow'
      return { tagName, attribs: attributes }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  exclusiveFilter: (frame) => {
    // An image without an address, or without its size (it would shift the page as it loads), goes.
    if (frame.tag === 'img') return !frame.attribs.src || !/^\d{1,5}$/.test(frame.attribs.width ?? '') || !/^\d{1,5}$/.test(frame.attribs.height ?? '')
    return false
  },
}

/** Bulletins: a few paragraphs, lists and links. */
const BULLETIN_OPTIONS: sanitizeHtml.IOptions = {
  ...ARTICLE_OPTIONS,
  allowedTags: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  transformTags: {
    b: 'strong',
    i: 'em',
    a: ARTICLE_OPTIONS.transformTags?.a as sanitizeHtml.Transformer,
  },
  exclusiveFilter: () => false,
}

export function sanitiseArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS).trim()
}

export function sanitiseBulletinHtml(html: string): string {
  return sanitizeHtml(html, BULLETIN_OPTIONS).trim()
}

/** The visible text of some HTML, entities decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Scripts written without spaces between words: their characters are counted instead. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu
const WORDS_PER_MINUTE = 220
const CHARACTERS_PER_MINUTE = 400

/** Reading time in whole minutes, at least 1: words at 220 a minute, CJK and Thai characters at 400. */
export function readingMinutes(html: string): number {
  const text = visibleText(html)
  const unspaced = text.match(UNSPACED)?.length ?? 0
  const words = text.replace(UNSPACED, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + unspaced / CHARACTERS_PER_MINUTE))
}
