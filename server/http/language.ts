import type { Request, Response } from 'express'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import { ERROR_CODES } from '../../shared/contracts/define.ts'
import {
  DEFAULT_URL_LANGUAGE,
  isUrlLanguage,
  LANGUAGE_LIKE_SEGMENT,
  languageFromAcceptLanguage,
  type UrlLanguage,
  urlLanguageForTag,
} from '../../shared/languages.ts'

/**
 * `permanent`: the target follows from the URL alone (a case or region variant of one of our codes),
 * so a 301 that anyone may cache. Otherwise the target depends on the visitor (remembered choice,
 * accept-language): a 302 that no cache may keep for others.
 */
export type LanguageDecision = { kind: 'ok'; lang: UrlLanguage } | { kind: 'redirect'; location: string; permanent: boolean }

/** How long a language picked in the menu is remembered. */
const REMEMBER_SECONDS = 365 * 24 * 3600

/**
 * docs/product.md#language-resolution for a page URL:
 * 1. the URL language if it is live; 2. else the language the visitor picked in the menu (a cookie,
 * docs/decisions/0010-remembered-language-and-verification-without-scripts.md); 3. else the first live language of accept-language; 4. else English. A region or case
 * variant of a live language (`/zh-tw/...`, `/en-us/...`, `/ZH-CN/...`) goes to that language for
 * good; another unsupported URL language redirects to the same path with the chosen one; a path
 * without one gets it prefixed; `/` goes to the language home. The query is kept.
 */
export function resolvePageLanguage(rawUrl: string, acceptLanguage: string | undefined, live: readonly UrlLanguage[], remembered?: string): LanguageDecision {
  const queryStart = rawUrl.indexOf('?')
  const path = queryStart >= 0 ? rawUrl.slice(0, queryStart) : rawUrl
  const query = queryStart >= 0 ? rawUrl.slice(queryStart) : ''
  const chosen = () =>
    (remembered && isUrlLanguage(remembered) && live.includes(remembered) ? remembered : undefined) ??
    languageFromAcceptLanguage(acceptLanguage, live) ??
    (live.includes(DEFAULT_URL_LANGUAGE) ? DEFAULT_URL_LANGUAGE : (live[0] as UrlLanguage))

  // Collapse leading slashes so that "//evil.example" can never become a protocol-relative Location.
  const cleanPath = `/${path.replace(/^\/+/, '')}`
  if (cleanPath === '/') return { kind: 'redirect', location: `/${chosen()}${query}`, permanent: false }

  const slash = cleanPath.indexOf('/', 1)
  const segment = slash > 0 ? cleanPath.slice(1, slash) : cleanPath.slice(1)
  const rest = slash > 0 ? cleanPath.slice(slash) : ''

  if (isUrlLanguage(segment) && live.includes(segment) && cleanPath === path) return { kind: 'ok', lang: segment }
  if (LANGUAGE_LIKE_SEGMENT.test(segment)) {
    const lower = segment.toLowerCase()
    const variantOf = isUrlLanguage(lower) ? (live.includes(lower) ? lower : undefined) : urlLanguageForTag(lower, live)
    if (variantOf) return { kind: 'redirect', location: `/${variantOf}${rest}${query}`, permanent: true }
    return { kind: 'redirect', location: `/${chosen()}${rest}${query}`, permanent: false }
  }
  return { kind: 'redirect', location: `/${chosen()}${cleanPath}${query}`, permanent: false }
}

/** The page language of a request, or the redirect sent; the remembered choice comes from its cookie. */
export function pageLanguageOf(req: Request, res: Response, live: readonly UrlLanguage[]): UrlLanguage | null {
  const decision = resolvePageLanguage(req.originalUrl, req.get('accept-language'), live, req.cookies?.[COOKIES.language])
  if (decision.kind === 'ok') return decision.lang
  if (decision.permanent) {
    res.setHeader('Cache-Control', 'public, max-age=86400')
    res.redirect(301, decision.location)
  } else {
    // Chosen per visitor: a shared cache must neither keep it nor give it to someone else.
    res.setHeader('Vary', 'Accept-Language, Cookie')
    res.setHeader('Cache-Control', 'private, no-store')
    res.redirect(302, decision.location)
  }
  return null
}

/**
 * GET LANGUAGE_CHOICE_PATH?to=/es/about.html: the language menu's links. Remembers the picked
 * language (the first segment of `to`) and goes there. `to` must be a path on this site under a live
 * language; anything else is refused, so this is never an open redirect.
 */
export function languageChoiceHandler(live: readonly UrlLanguage[], options: { secure: boolean }) {
  return (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    const to = typeof req.query.to === 'string' ? req.query.to : ''
    const base = 'http://site.invalid'
    let target: URL | null = null
    try {
      target = to.startsWith('/') ? new URL(to, base) : null
    } catch {
      target = null
    }
    const lang = target?.pathname.split('/')[1] ?? ''
    if (!target || target.origin !== base || !isUrlLanguage(lang) || !live.includes(lang)) {
      return res.status(ERROR_CODES.invalid).json({ succeed: false, ErrorCode: ERROR_CODES.invalid, data: null, message: 'errors.invalid' })
    }
    res.cookie(COOKIES.language, lang, { maxAge: REMEMBER_SECONDS * 1000, sameSite: 'lax', secure: options.secure, path: '/', httpOnly: true })
    res.redirect(303, `${target.pathname}${target.search}`)
  }
}
